/** The six slides' pictures (SPEC §2, §9): drawn for this project, inline, a few hundred bytes each. */
export type AuthSlideId = 'builder' | 'rewrite' | 'review' | 'currency' | 'track' | 'results';

const PAGE = 'M52 20h70l26 26v114a8 8 0 0 1-8 8H52a8 8 0 0 1-8-8V28a8 8 0 0 1 8-8z';

export function AuthSlideArt({ id }: { id: AuthSlideId }) {
  return (
    <svg viewBox="0 0 240 180" width="240" height="180" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="240" height="180" rx="16" fill="var(--color-brand-soft)" />
      <path d={PAGE} fill="var(--color-surface)" stroke="var(--color-border-strong)" />
      <path d="M122 20v26h26" fill="none" stroke="var(--color-border-strong)" />
      <g stroke="var(--color-border)" strokeWidth="6" strokeLinecap="round">
        <path d="M60 62h48M60 80h70M60 96h62M60 112h70M60 128h40" />
      </g>
      <Badge id={id} />
    </svg>
  );
}

function Badge({ id }: { id: AuthSlideId }) {
  const stroke = {
    fill: 'none',
    stroke: 'var(--color-ink-inverse)',
    strokeWidth: 5,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  const circle = (color: string) => <circle cx="176" cy="118" r="34" fill={color} />;
  switch (id) {
    case 'builder':
      return (
        <g>
          {circle('var(--color-brand)')}
          <path d="M160 104h32M160 118h32M160 132h20" {...stroke} />
        </g>
      );
    case 'rewrite':
      return (
        <g>
          {circle('var(--color-accent)')}
          <path d="M176 134v-30m0 0l-11 11m11-11l11 11" {...stroke} />
        </g>
      );
    case 'review':
      return (
        <g>
          {circle('var(--color-brand-strong)')}
          <circle cx="172" cy="114" r="11" {...stroke} />
          <path d="M180 122l10 10" {...stroke} />
        </g>
      );
    case 'currency':
      return (
        <g>
          {circle('var(--color-success)')}
          <path d="M164 104h24M164 114h24M170 104c14 0 14 20 0 20h-6l18 14" {...stroke} />
        </g>
      );
    case 'track':
      return (
        <g>
          {circle('var(--color-warning)')}
          <path d="M160 120l10 10 22-24" {...stroke} />
        </g>
      );
    case 'results':
      return (
        <g>
          {circle('var(--color-brand)')}
          <path d="M160 134v-10M172 134v-20M184 134v-28M196 134v-16" {...stroke} />
        </g>
      );
  }
}
