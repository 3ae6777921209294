// Small line icons for the side navigation, drawn for this product (UI.md: our own SVG).
const PATHS = {
  dashboard: 'M3 3h6v8H3zM11 3h6v4h-6zM11 9h6v8h-6zM3 13h6v4H3z',
  orders: 'M5 2.5h10v15H5zM8 6.5h4M8 10h4M8 13.5h2.5',
  users:
    'M7 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 17c0-3 2.2-5 5-5s5 2 5 5M13.5 3.5a3 3 0 0 1 0 5.5M15 12c1.8.6 3 2.4 3 5',
  supportQueries: 'M3 4h14v9H8l-4 3.5V13H3z',
  influencers: 'M10 2.5l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5L2.8 7.8l5-.7z',
  influencerQueries: 'M3 4h14v9H8l-4 3.5V13H3zM7 8.5h6',
  payouts: 'M2.5 5h15v10h-15zM2.5 8.5h15M6 12h3',
  outbox: 'M2.5 5h15v10h-15zM2.5 5l7.5 6 7.5-6',
  rewardRules:
    'M4 16.5l12-13M6.5 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM13.5 17a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
} as const;

export function NavIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
