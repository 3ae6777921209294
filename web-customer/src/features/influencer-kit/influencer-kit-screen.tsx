import type { RewardRuleKind } from '@shortlist/domain';
import { getRewardRulesRoute } from '@shortlist/domain/contract';
import { buttonClassName, SUPPORT_EMAIL, useApiQuery } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import { PageHeader } from '../../shared/page-header';
import { paths } from '../../shared/paths';
import {
  KIT_FIGURES,
  KIT_HEADER,
  KIT_SECTIONS,
  type KitList,
  type KitSection,
} from './influencer-kit-content';
import styles from './influencer-kit-screen.module.css';

const copy = flowMessages.influencerKit;

/** SPEC §2 /influencer-kit: reachable even in maintenance mode. */
export function InfluencerKitScreen() {
  return (
    <div className={styles.page}>
      <title>{copy.title}</title>
      <PageHeader
        eyebrow={KIT_HEADER.eyebrow}
        heading={KIT_HEADER.heading}
        lead={KIT_HEADER.lead}
        headingId="kit-heading"
      >
        <dl className={styles.figures}>
          {KIT_FIGURES.map((figure) => (
            <div key={figure.label} className={styles.figure}>
              <dt className={styles.figureLabel}>{figure.label}</dt>
              <dd className={styles.figureValue}>{figure.value}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.headerActions}>
          {/* The influencer app is another build on this origin: a full page load. */}
          <a className={buttonClassName({})} href={paths.influencerLogin}>
            {copy.login}
          </a>
          <a className={buttonClassName({ variant: 'secondary' })} href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
        </div>
      </PageHeader>

      <div className={styles.layout}>
        <nav className={styles.toc} aria-labelledby="kit-contents">
          <h2 id="kit-contents" className={styles.tocTitle}>
            {copy.contents}
          </h2>
          <ul className={styles.tocList}>
            {KIT_SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.sections}>
          {KIT_SECTIONS.map((section) => (
            <KitSectionView key={section.id} section={section} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** A reward rule's amount as the ledger pays it today; '…' until the answer comes. */
function useRuleAmount(): (rule: RewardRuleKind) => string {
  const rules = useApiQuery(getRewardRulesRoute, {}, { staleTime: 60_000 }).data;
  return (rule) => {
    if (rules === undefined) return '…';
    const amount = rule === 'first_review' ? rules.firstReview : rules.orderCommission;
    return `₹${amount.toLocaleString('en-IN')}`;
  };
}

function KitSectionView({ section }: { section: KitSection }) {
  const ruleAmount = useRuleAmount();
  return (
    <section id={section.id} className={styles.section} aria-labelledby={`${section.id}-title`}>
      <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
        {section.title}
      </h2>
      <div className={styles.prose}>
        {section.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {section.facts && section.facts.length > 0 ? (
        <dl className={styles.facts}>
          {section.facts.map((fact) => (
            <div key={fact.label} className={styles.fact}>
              <dt className={styles.factLabel}>{fact.label}</dt>
              <dd className={styles.factValue}>
                {fact.rule === undefined ? fact.value : ruleAmount(fact.rule)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {section.lists ? (
        <div className={styles.lists}>
          {section.lists.map((list) => (
            <KitListView key={list.title ?? list.items[0]} list={list} />
          ))}
        </div>
      ) : null}
      {section.id === 'support' ? (
        <div className={styles.supportActions}>
          <a className={buttonClassName({})} href={paths.influencerLogin}>
            {copy.login}
          </a>
        </div>
      ) : null}
    </section>
  );
}

function KitListView({ list }: { list: KitList }) {
  const marked = list.tone === 'do' ? styles.do : list.tone === 'dont' ? styles.dont : null;
  return (
    <div>
      {list.title ? <h3 className={styles.listTitle}>{list.title}</h3> : null}
      <ul
        className={[styles.list, marked ? styles.marked : null, marked].filter(Boolean).join(' ')}
      >
        {list.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
