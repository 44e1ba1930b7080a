import type { ActivityDetail } from '@campaign/contract/client';

type GameType = ActivityDetail['type'];

/** The games of chance: wheel, 9-grid, scratch card, blind box. */
function ChanceGlyph({ type }: { type: GameType }) {
  return (
    <>
      {type === 'wheel' && (
        <g>
          <circle cx="32" cy="34" r="20" fill="#e3352e" stroke="#f6b93b" strokeWidth="3" />
          {[0, 45, 90, 135].map((a) => (
            <path key={a} d="M32 14v40" stroke="#ffd77a" strokeWidth="2" transform={`rotate(${a} 32 34)`} />
          ))}
          <circle cx="32" cy="34" r="6" fill="#ffd77a" />
          <path d="M32 8l5 9h-10z" fill="#c0221d" />
        </g>
      )}
      {type === 'grid' && (
        <g>
          {[0, 1, 2].flatMap((r) =>
            [0, 1, 2].map((c) => (
              <rect
                key={`${r}${c}`}
                x={13 + c * 13.5}
                y={13 + r * 13.5}
                width="11"
                height="11"
                rx="2.5"
                fill={r === 1 && c === 1 ? '#e3352e' : (r + c) % 2 ? '#ffd77a' : '#ff8a5c'}
              />
            )),
          )}
        </g>
      )}
      {type === 'scratch' && (
        <g>
          <rect x="10" y="18" width="44" height="28" rx="5" fill="#e3352e" />
          <rect x="15" y="23" width="34" height="18" rx="3" fill="#c9ccd3" />
          <path d="M18 36c6-8 10 4 16-4s8 2 12-2" stroke="#fff6d6" strokeWidth="4" strokeLinecap="round" fill="none" />
        </g>
      )}
      {type === 'blindbox' && (
        <g>
          <rect x="16" y="28" width="32" height="24" rx="3" fill="#b46cff" />
          <rect x="13" y="22" width="38" height="8" rx="2" fill="#8f47e6" />
          <rect x="29" y="22" width="6" height="30" fill="#ffd77a" />
          <text x="24" y="46" fontSize="11" fontWeight="900" fill="#fff">
            ?
          </text>
        </g>
      )}
    </>
  );
}

/** The campaign types: common, new customers, ranking. */
function CampaignGlyph({ type }: { type: GameType }) {
  return (
    <>
      {type === 'common' && (
        <g>
          <rect x="14" y="16" width="36" height="34" rx="5" fill="#e3352e" />
          <rect x="14" y="16" width="36" height="9" rx="4" fill="#c0221d" />
          <path
            d="M24 36l6 6 11-12"
            stroke="#ffd77a"
            strokeWidth="4"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      )}
      {(type === 'newCustomer' || type === 'newUser') && (
        <g>
          <rect x="15" y="28" width="34" height="22" rx="3" fill="#e3352e" />
          <rect x="12" y="21" width="40" height="9" rx="3" fill="#ff6a4a" />
          <rect x="29" y="21" width="6" height="29" fill="#ffd77a" />
          <path d="M32 21c-3-7-12-8-12-3 0 3 6 4 12 3zM32 21c3-7 12-8 12-3 0 3-6 4-12 3z" fill="#ffd77a" />
        </g>
      )}
      {type === 'ranking' && (
        <g>
          <path d="M21 15h22v10c0 8-5 14-11 14s-11-6-11-14z" fill="#f6b93b" />
          <path d="M21 19h-6c0 7 3 11 8 12M43 19h6c0 7-3 11-8 12" stroke="#f6b93b" strokeWidth="3" fill="none" />
          <path d="M32 20l2.4 4.8 5.3.8-3.8 3.7.9 5.3-4.8-2.5-4.8 2.5.9-5.3-3.8-3.7 5.3-.8z" fill="#fff6d6" />
          <rect x="29" y="39" width="6" height="6" fill="#e39a1f" />
          <rect x="22" y="45" width="20" height="6" rx="2" fill="#c0221d" />
        </g>
      )}
    </>
  );
}

/** A small drawing of each game type for cards (SVG, spring palette). */
export function GameGlyph({ type }: { type: GameType }) {
  return (
    <svg viewBox="0 0 64 64" width="100%" height="100%" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="#fff3d1" />
      <ChanceGlyph type={type} />
      <CampaignGlyph type={type} />
    </svg>
  );
}
