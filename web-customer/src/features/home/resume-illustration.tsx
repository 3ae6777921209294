import styles from './resume-illustration.module.css';

// 85% of the ring's circumference (2π × 36), matching the "85% average ATS score" claim.
const RING = 2 * Math.PI * 36;
const SCORE_ARC = `${(RING * 0.85).toFixed(1)} ${RING.toFixed(1)}`;

/** Decorative: a resume whose keyword lines are matched, with an ATS score badge. */
export function ResumeIllustration() {
  return (
    <svg className={styles.art} viewBox="0 0 360 330" aria-hidden="true" focusable="false">
      <circle className={styles.halo} cx="190" cy="170" r="150" />
      <rect className={styles.shadow} x="74" y="38" width="220" height="270" rx="14" />
      <rect className={styles.sheet} x="66" y="28" width="220" height="270" rx="14" />

      <circle className={styles.avatar} cx="104" cy="72" r="18" />
      <rect className={styles.name} x="134" y="60" width="112" height="11" rx="5.5" />
      <rect className={styles.line} x="134" y="78" width="76" height="8" rx="4" />

      <rect className={styles.heading} x="90" y="114" width="64" height="8" rx="4" />
      <rect className={styles.match} x="86" y="130" width="156" height="18" rx="6" />
      <rect className={styles.matchLine} x="92" y="135" width="120" height="8" rx="4" />
      <rect className={styles.line} x="90" y="156" width="170" height="8" rx="4" />
      <rect className={styles.line} x="90" y="172" width="132" height="8" rx="4" />

      <rect className={styles.heading} x="90" y="200" width="52" height="8" rx="4" />
      <rect className={styles.match} x="86" y="216" width="120" height="18" rx="6" />
      <rect className={styles.matchLine} x="92" y="221" width="88" height="8" rx="4" />
      <rect className={styles.line} x="90" y="242" width="150" height="8" rx="4" />
      <rect className={styles.line} x="90" y="258" width="110" height="8" rx="4" />

      <g className={styles.tick} transform="translate(250 139)">
        <circle r="10" />
        <path d="M-4.5 0.5l3 3 6-6.5" />
      </g>
      <g className={styles.tick} transform="translate(214 225)">
        <circle r="10" />
        <path d="M-4.5 0.5l3 3 6-6.5" />
      </g>

      <g transform="translate(290 262)">
        <circle className={styles.badge} r="48" />
        <circle className={styles.ringTrack} r="36" />
        <circle
          className={styles.ring}
          r="36"
          strokeDasharray={SCORE_ARC}
          transform="rotate(-90)"
        />
        <text className={styles.score} y="5" textAnchor="middle">
          85%
        </text>
        <text className={styles.scoreLabel} y="20" textAnchor="middle">
          ATS
        </text>
      </g>
    </svg>
  );
}
