import { useId } from 'react';

/** The offer's hero: a red gift box with a gold ribbon, coins and sparkles (decorative). */
export function GiftArt() {
  // Unique per instance: the offer and its share screen are kept alive side by side, each with this art,
  // and a gradient id found first in the hidden copy would leave the visible one unpainted.
  const id = useId();
  return (
    <svg className="gr-art gr-art--gift" viewBox="0 0 200 150" aria-hidden="true">
      <defs>
        <linearGradient id={`${id}gr-box`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff6a4a" />
          <stop offset="1" stopColor="#c3161d" />
        </linearGradient>
        <linearGradient id={`${id}gr-lid`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff8a5c" />
          <stop offset="1" stopColor="#e0302a" />
        </linearGradient>
        <linearGradient id={`${id}gr-gold`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff3c2" />
          <stop offset="1" stopColor="#f2a93b" />
        </linearGradient>
        <radialGradient id={`${id}gr-glow`} cx=".5" cy=".55" r=".5">
          <stop offset="0" stopColor="#fff0b3" stopOpacity=".95" />
          <stop offset="1" stopColor="#fff0b3" stopOpacity="0" />
        </radialGradient>
      </defs>
      <ellipse cx="100" cy="78" rx="92" ry="70" fill={`url(#${id}gr-glow)`} />
      <path d="M28 30l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#fff2c4" />
      <path d="M170 22l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#ffe08a" />
      <circle cx="160" cy="104" r="3" fill="#ffe08a" />
      <circle cx="38" cy="108" r="2.5" fill="#fff2c4" />
      <ellipse cx="100" cy="136" rx="58" ry="7" fill="#7a0d10" opacity=".25" />
      <rect x="52" y="66" width="96" height="68" rx="8" fill={`url(#${id}gr-box)`} />
      <rect x="46" y="52" width="108" height="22" rx="6" fill={`url(#${id}gr-lid)`} />
      <rect x="91" y="52" width="18" height="82" fill={`url(#${id}gr-gold)`} />
      <path
        d="M100 52c-8-18-34-22-34-8 0 9 18 10 34 8zM100 52c8-18 34-22 34-8 0 9-18 10-34 8z"
        fill={`url(#${id}gr-gold)`}
        stroke="#e39b1e"
        strokeWidth="1.5"
      />
      <circle cx="100" cy="50" r="6" fill="#f7bb45" stroke="#e39b1e" strokeWidth="1.5" />
      <g>
        <circle cx="40" cy="76" r="12" fill={`url(#${id}gr-gold)`} stroke="#e39b1e" strokeWidth="1.5" />
        <text x="40" y="81" textAnchor="middle" fontSize="13" fontWeight="900" fill="#b3261e">
          ¥
        </text>
        <circle cx="164" cy="70" r="10" fill={`url(#${id}gr-gold)`} stroke="#e39b1e" strokeWidth="1.5" />
        <text x="164" y="74.5" textAnchor="middle" fontSize="11" fontWeight="900" fill="#b3261e">
          ¥
        </text>
      </g>
    </svg>
  );
}

/** The designed "not for you" state: a closed envelope behind a soft shield (decorative). */
export function GateArt() {
  // Unique per instance: the offer and its share screen are kept alive side by side, each with this art,
  // and a gradient id found first in the hidden copy would leave the visible one unpainted.
  const id = useId();
  return (
    <svg className="gr-art gr-art--gate" viewBox="0 0 160 130" aria-hidden="true">
      <defs>
        <radialGradient id={`${id}gr-gate-glow`} cx=".5" cy=".5" r=".5">
          <stop offset="0" stopColor="#ffe9c7" />
          <stop offset="1" stopColor="#ffe9c7" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}gr-env`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff8a6a" />
          <stop offset="1" stopColor="#d8322b" />
        </linearGradient>
      </defs>
      <circle cx="80" cy="66" r="62" fill={`url(#${id}gr-gate-glow)`} />
      <path d="M22 26l3 6 6 3-6 3-3 6-3-6-6-3 6-3z" fill="#ffd36b" />
      <circle cx="138" cy="96" r="3" fill="#ffb199" />
      <rect x="34" y="40" width="92" height="64" rx="8" fill={`url(#${id}gr-env)`} />
      <path d="M34 46l46 32 46-32" fill="none" stroke="#ffd9c2" strokeWidth="3" strokeLinejoin="round" />
      <g transform="translate(98 70)">
        <path
          d="M0-22l20 8v13c0 14-9 23-20 28-11-5-20-14-20-28v-13z"
          fill="#fff7ec"
          stroke="#c8231c"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
        <path d="M-7 2h14M0-5v14" stroke="#c8231c" strokeWidth="3" strokeLinecap="round" transform="rotate(45)" />
      </g>
    </svg>
  );
}
