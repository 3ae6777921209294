import { getInfluencerReferralChartRoute, type ReferralWeek } from '@shortlist/domain/contract';
import { Skeleton, useApiQuery, visuallyHiddenClassName } from '@shortlist/web-kit';
import { formatDate } from '../../shared/format';
import { LoadErrorState } from '../../shared/load-error-state';
import { messages } from '../../shared/messages';
import styles from './referral-chart.module.css';

const copy = messages.chart;

const WIDTH = 600;
const HEIGHT = 200;
const TOP = 12;
const BOTTOM = 28;
const LEFT = 28;

/** A week label of the x axis: "3 Nov". */
function shortWeek(weekStart: string): string {
  return formatDate(`${weekStart}T00:00:00Z`).replace(/ \d{4}$/, '');
}

/**
 * Registrations and rewarded orders per week, as paired bars in plain SVG. The drawing is
 * hidden from assistive technology; the same numbers are a visually hidden table.
 */
export function ReferralChart() {
  const chart = useApiQuery(getInfluencerReferralChartRoute, {});
  return (
    <section className={styles.card} aria-labelledby="referral-chart-heading">
      <h2 id="referral-chart-heading" className={styles.heading}>
        {copy.heading}
      </h2>
      {chart.isPending ? (
        <Skeleton height="12rem" />
      ) : chart.isError ? (
        <LoadErrorState
          error={chart.error}
          fallback={copy.failed}
          onRetry={() => void chart.refetch()}
          retrying={chart.isFetching}
        />
      ) : (
        <ChartBody weeks={chart.data.weeks} />
      )}
    </section>
  );
}

function ChartBody({ weeks }: { weeks: readonly ReferralWeek[] }) {
  const top = Math.max(1, ...weeks.flatMap((week) => [week.registrations, week.rewardedOrders]));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT) / weeks.length;
  const bar = Math.max(4, slot * 0.32);
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  return (
    <>
      <ul className={styles.legend} aria-hidden="true">
        <li>
          <span className={`${styles.swatch} ${styles.registrations}`} />
          {copy.registrations}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.rewarded}`} />
          {copy.rewardedOrders}
        </li>
      </ul>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        aria-hidden="true"
        focusable="false"
        data-testid="referral-chart-svg"
      >
        <line x1={LEFT} x2={WIDTH} y1={y(0)} y2={y(0)} className={styles.axis} />
        <line x1={LEFT} x2={WIDTH} y1={y(top)} y2={y(top)} className={styles.grid} />
        <text x={LEFT - 6} y={y(top) + 4} className={styles.tick} textAnchor="end">
          {top}
        </text>
        <text x={LEFT - 6} y={y(0) + 4} className={styles.tick} textAnchor="end">
          0
        </text>
        {weeks.map((week, index) => {
          const x = LEFT + index * slot + slot / 2;
          return (
            <g key={week.weekStart}>
              <rect
                x={x - bar}
                y={y(week.registrations)}
                width={bar}
                height={y(0) - y(week.registrations)}
                className={styles.registrationsBar}
              />
              <rect
                x={x}
                y={y(week.rewardedOrders)}
                width={bar}
                height={y(0) - y(week.rewardedOrders)}
                className={styles.rewardedBar}
              />
              {index % 2 === (weeks.length - 1) % 2 ? (
                <text x={x} y={HEIGHT - 8} className={styles.tick} textAnchor="middle">
                  {shortWeek(week.weekStart)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className={visuallyHiddenClassName}>
        <caption>{copy.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{copy.week}</th>
            <th scope="col">{copy.registrations}</th>
            <th scope="col">{copy.rewardedOrders}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{formatDate(`${week.weekStart}T00:00:00Z`)}</th>
              <td>{week.registrations}</td>
              <td>{week.rewardedOrders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
