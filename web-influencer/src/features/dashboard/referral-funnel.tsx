import { CAMPAIGN_PATTERN } from '@shortlist/domain';
import { type FunnelFigures, getInfluencerFunnelRoute } from '@shortlist/domain/contract';
import { Button, Field, Skeleton, useApiQuery, useToast } from '@shortlist/web-kit';
import { useState } from 'react';
import { formatDate, formatRupees } from '../../shared/format';
import { LoadErrorState } from '../../shared/load-error-state';
import { messages } from '../../shared/messages';
import styles from './referral-funnel.module.css';

const copy = messages.funnel;

const STEPS: readonly { key: keyof FunnelFigures; label: string }[] = [
  { key: 'clicks', label: copy.clicks },
  { key: 'registrations', label: copy.registrations },
  { key: 'firstPurchases', label: copy.firstPurchases },
  { key: 'commission', label: copy.commission },
];

const value = (key: keyof FunnelFigures, figures: FunnelFigures) =>
  key === 'commission' ? formatRupees(figures.commission) : String(figures[key]);

function percent(part: number, whole: number): string | null {
  if (whole === 0) return null;
  return `${Math.round((part / whole) * 100)}%`;
}

/**
 * The short link (with an optional campaign tag per post) and its funnel: clicks →
 * registrations → first purchases → commission, over 12 weeks, per week and per campaign.
 */
export function ReferralFunnel() {
  const funnel = useApiQuery(getInfluencerFunnelRoute, {});
  return (
    <section className={styles.card} aria-labelledby="funnel-heading">
      <h2 id="funnel-heading" className={styles.heading}>
        {copy.heading}
      </h2>
      <p className={styles.muted}>{copy.lead}</p>
      {funnel.isPending ? (
        <Skeleton height="12rem" />
      ) : funnel.isError ? (
        <LoadErrorState
          error={funnel.error}
          fallback={copy.failed}
          onRetry={() => void funnel.refetch()}
          retrying={funnel.isFetching}
        />
      ) : (
        <>
          <ShortLinkBuilder shortLink={funnel.data.shortLink} />
          <FunnelBody weeks={funnel.data.weeks} campaigns={funnel.data.campaigns} />
        </>
      )}
    </section>
  );
}

function ShortLinkBuilder({ shortLink }: { shortLink: string }) {
  const toast = useToast();
  const [tag, setTag] = useState('');
  const clean = tag.trim().toLowerCase();
  const valid = clean === '' || CAMPAIGN_PATTERN.test(clean);
  const link = valid && clean !== '' ? `${shortLink}?c=${encodeURIComponent(clean)}` : shortLink;
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.show(copy.copied, { tone: 'success' });
    } catch {
      toast.show(copy.copyFailed, { tone: 'danger' });
    }
  };
  return (
    <div className={styles.builder}>
      <Field
        label={copy.campaign}
        hint={copy.campaignHint}
        name="campaign"
        autoComplete="off"
        maxLength={40}
        value={tag}
        error={valid ? null : copy.campaignInvalid}
        onChange={(event) => setTag(event.target.value)}
      />
      <div className={styles.linkRow}>
        <output className={styles.link} aria-label={copy.shortLink}>
          {link}
        </output>
        <Button onClick={() => void copyLink()} disabled={!valid}>
          {copy.copy}
        </Button>
      </div>
    </div>
  );
}

type Week = FunnelFigures & { weekStart: string };
type Campaign = FunnelFigures & { campaign: string | null };

function FunnelBody({
  weeks,
  campaigns,
}: {
  weeks: readonly Week[];
  campaigns: readonly Campaign[];
}) {
  const total: FunnelFigures = {
    clicks: 0,
    registrations: 0,
    firstPurchases: 0,
    commission: 0,
  };
  for (const week of weeks) {
    for (const { key } of STEPS) total[key] += week[key];
  }
  return (
    <>
      <dl className={styles.steps} aria-label={copy.heading}>
        {STEPS.map(({ key, label }, index) => {
          const before = STEPS[index - 1];
          const rate =
            before === undefined || key === 'commission'
              ? null
              : percent(total[key], total[before.key]);
          return (
            <div key={key} className={styles.step}>
              <dt>{label}</dt>
              <dd className={styles.stepValue} data-testid={`funnel-${key}`}>
                {value(key, total)}
              </dd>
              {rate ? <dd className={styles.muted}>{copy.conversion(rate)}</dd> : null}
            </div>
          );
        })}
      </dl>
      <div className={styles.tables}>
        <FunnelTable
          caption={copy.campaignsCaption}
          firstColumn={copy.campaignColumn}
          rows={campaigns.map((row) => ({
            key: row.campaign ?? '',
            label: row.campaign ?? copy.untagged,
            figures: row,
          }))}
          empty={`${copy.noCampaigns}. ${copy.noCampaignsHint}`}
        />
        <FunnelTable
          caption={copy.weeksCaption}
          firstColumn={copy.week}
          rows={weeks.toReversed().map((week) => ({
            key: week.weekStart,
            label: formatDate(`${week.weekStart}T00:00:00Z`),
            figures: week,
          }))}
        />
      </div>
    </>
  );
}

/** One funnel table: a row per campaign or week, a column per step of the funnel. */
function FunnelTable({
  caption,
  firstColumn,
  rows,
  empty,
}: {
  caption: string;
  firstColumn: string;
  rows: readonly { key: string; label: string; figures: FunnelFigures }[];
  /** Shown as the table's only row when it has none. */
  empty?: string;
}) {
  return (
    // Focusable so a keyboard can scroll a wide table on a phone (axe scrollable-region).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
    <section className={styles.tableWrap} aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            {STEPS.map(({ key, label }) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty !== undefined ? (
            <tr>
              <td colSpan={STEPS.length + 1}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {STEPS.map(({ key }) => (
                  <td key={key}>{value(key, row.figures)}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
