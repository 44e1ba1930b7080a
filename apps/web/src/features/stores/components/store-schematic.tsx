import { t } from '../messages';
import { formatDistance, type Store, schematic } from '../model/store-view';

const R = 120;

/**
 * The designed fallback of the map (no provider configured, offline): the store in the middle, the
 * nearby stores where they lie relative to it, rings at scale. Drawn as SVG, no tiles needed.
 */
export function StoreSchematic({ store, nearby }: { store: Store; nearby: readonly Store[] }) {
  const { points, scaleM } = schematic(store, nearby, R - 22);
  const ringLabel = formatDistance(scaleM);
  return (
    <figure className="store-schematic" data-testid="store-schematic">
      <svg
        viewBox={`${-R - 10} ${-R - 10} ${2 * R + 20} ${2 * R + 20}`}
        role="img"
        aria-label={t('store.schematicAlt', { name: store.name, n: nearby.length })}
      >
        <defs>
          <radialGradient id="schematic-ground" cx="50%" cy="50%" r="50%">
            <stop offset="0%" stopColor="#fff7ef" />
            <stop offset="100%" stopColor="#fde6d6" />
          </radialGradient>
          <pattern id="schematic-grid" width="16" height="16" patternUnits="userSpaceOnUse">
            <path d="M16 0H0V16" fill="none" stroke="#f6d3bf" strokeWidth="0.6" />
          </pattern>
        </defs>
        <circle r={R} fill="url(#schematic-ground)" />
        <circle r={R} fill="url(#schematic-grid)" opacity="0.7" />
        <circle r={R - 22} fill="none" stroke="#f0a98a" strokeDasharray="4 4" />
        <circle r={(R - 22) / 2} fill="none" stroke="#f4c1a8" strokeDasharray="3 5" />
        <text x={(R - 22) * 0.72 + 4} y={(R - 22) * 0.72 + 12} className="store-schematic__scale">
          {ringLabel}
        </text>
        <text x={R - 8} y="4" textAnchor="end" className="store-schematic__north">
          E
        </text>
        <text x="0" y={-R + 9} textAnchor="middle" className="store-schematic__north">
          N
        </text>
        {points.map((p) => (
          <g key={p.storeId} transform={`translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`}>
            <circle r="6" className="store-schematic__dot" />
            <text y="-10" textAnchor="middle" className="store-schematic__label">
              {p.name}
            </text>
          </g>
        ))}
        <g className="store-schematic__here">
          <circle r="18" fill="rgba(227,53,46,0.15)" />
          <path
            d="M0 6c-6-7-10-11-10-16a10 10 0 0 1 20 0c0 5-4 9-10 16z"
            fill="#e3352e"
            stroke="#fff"
            strokeWidth="2"
          />
          <circle cy="-10" r="3.4" fill="#fff" />
        </g>
      </svg>
      <figcaption>{t('store.schematic')}</figcaption>
    </figure>
  );
}
