import type { View } from '../lib/route';

const views: { view: View; label: string; glyph: string }[] = [
  { view: 'deliveries', label: 'Deliveries', glyph: '⇣' },
  { view: 'duplicates', label: 'Duplicates', glyph: '⇉' },
  { view: 'lifecycles', label: 'Lifecycles', glyph: '⋮' },
  { view: 'orders', label: 'Orders', glyph: '▤' },
  { view: 'api', label: 'API', glyph: '⇄' },
  { view: 'reconcile', label: 'Reconcile', glyph: '⇋' },
  { view: 'simulator', label: 'Simulator', glyph: '⇡' },
  { view: 'check', label: 'Check', glyph: '✓' },
  { view: 'settings', label: 'Settings', glyph: '⚙' },
];

export function NavRail({ current, onSelect }: { current: View; onSelect: (view: View) => void }) {
  return (
    <nav className="nav-rail" aria-label="Views">
      <div className="app-mark" title="Webhook Inspector">
        WI
      </div>
      {views.map(({ view, label, glyph }) => (
        <a
          key={view}
          href={`#/${view}`}
          className="nav-item"
          data-testid={`nav-${view}`}
          aria-current={current === view ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            onSelect(view);
          }}
        >
          <span className="nav-glyph" aria-hidden="true">
            {glyph}
          </span>
          <span className="nav-label">{label}</span>
        </a>
      ))}
    </nav>
  );
}
