/**
 * The site's illustrations as SVG: flat pictures in the brand's colours (docs/design.md). The demo content's pictures
 * are drawn from them at seed time (one for the hero, each service, each person and each gallery scene, decision
 * 005), and the inner pages' heroes use the section pictures at the end, served by /illustrations/<name>.svg, so a
 * fresh site looks finished without downloading anything. Shapes only, no text: a server may have no fonts installed.
 */

/** The brand's palette (client/src/theme.ts), as the illustrations use it. */
const C = {
  navy: '#0b2537',
  navySoft: '#12364f',
  brand9: '#094a6c',
  brand8: '#0b5c86',
  brand6: '#1a76a6',
  brand4: '#4299c2',
  brand3: '#6cb5d4',
  brand2: '#a0cfe4',
  brand1: '#cfe7f2',
  brand0: '#e8f4f9',
  accent5: '#f5b10b',
  accent4: '#ffc533',
  accent2: '#ffe08a',
  accent0: '#fff8e6',
  coral: '#f07167',
  mint: '#7bc8a4',
  mintSoft: '#dff3ea',
  white: '#ffffff',
};

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

const cloud = (x: number, y: number, s: number, opacity = 1) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${C.white}" opacity="${opacity}">
    <rect x="0" y="20" width="120" height="36" rx="18"/><circle cx="40" cy="26" r="24"/><circle cx="76" cy="20" r="30"/>
  </g>`;

const plane = (x: number, y: number, s: number, angle: number, color = C.navy) =>
  `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${s})" fill="${color}">
    <path d="M-40 -4 L30 -6 Q44 -6 44 0 Q44 6 30 6 L-40 4 Z"/>
    <path d="M-2 -5 L-22 -38 L-10 -38 L16 -5 Z"/><path d="M-2 5 L-22 38 L-10 38 L16 5 Z"/>
    <path d="M-36 -3 L-46 -18 L-38 -18 L-28 -3 Z"/><path d="M-36 3 L-46 18 L-38 18 L-28 3 Z"/>
  </g>`;

const gradCap = (x: number, y: number, s: number, tassel = C.accent4) =>
  `<g transform="translate(${x} ${y}) scale(${s})">
    <path d="M-60 30 L-60 62 Q0 86 60 62 L60 30 Z" fill="${C.navySoft}"/>
    <path d="M0 -10 L110 30 L0 70 L-110 30 Z" fill="${C.navy}"/>
    <path d="M0 30 L80 50 L80 96" stroke="${tassel}" stroke-width="6" fill="none" stroke-linecap="round"/>
    <circle cx="80" cy="100" r="9" fill="${tassel}"/><circle cx="0" cy="30" r="8" fill="${tassel}"/>
  </g>`;

const book = (x: number, y: number, w: number, h: number, color: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${color}"/>
   <rect x="${x + 10}" y="${y + h * 0.3}" width="${w - 20}" height="${Math.max(4, h * 0.12)}" rx="2" fill="${C.white}" opacity="0.7"/>`;

const passport = (x: number, y: number, s: number, angle: number) =>
  `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${s})">
    <rect x="-70" y="-95" width="140" height="190" rx="14" fill="${C.brand9}"/>
    <rect x="-70" y="-95" width="18" height="190" rx="6" fill="${C.navy}" opacity="0.5"/>
    <circle cx="8" cy="-18" r="34" fill="none" stroke="${C.accent4}" stroke-width="6"/>
    <path d="M-26 -18 H42 M8 -52 V16 M8 -52 Q-18 -18 8 16 M8 -52 Q34 -18 8 16" stroke="${C.accent4}" stroke-width="4" fill="none"/>
    <rect x="-30" y="40" width="76" height="10" rx="5" fill="${C.accent4}"/>
    <rect x="-18" y="60" width="52" height="8" rx="4" fill="${C.accent4}" opacity="0.7"/>
  </g>`;

/** The hero: a globe with a flight path, a graduation cap on books, and a passport, at sunrise. */
export function heroIllustration(): string {
  const w = 1200;
  const h = 900;
  return svg(
    w,
    h,
    `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.accent0}"/><stop offset="0.55" stop-color="${C.brand1}"/><stop offset="1" stop-color="${C.brand2}"/></linearGradient>
      <radialGradient id="globe" cx="0.38" cy="0.32" r="0.8"><stop offset="0" stop-color="${C.brand4}"/><stop offset="1" stop-color="${C.brand8}"/></radialGradient>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="930" cy="190" r="92" fill="${C.accent4}"/><circle cx="930" cy="190" r="140" fill="${C.accent4}" opacity="0.18"/>
    ${cloud(120, 120, 1.3, 0.9)}${cloud(760, 330, 1, 0.8)}${cloud(980, 560, 0.8, 0.7)}
    <path d="M0 760 Q300 690 600 740 T1200 720 V900 H0 Z" fill="${C.brand3}" opacity="0.55"/>
    <path d="M0 810 Q340 760 640 800 T1200 790 V900 H0 Z" fill="${C.brand6}" opacity="0.5"/>
    <circle cx="600" cy="470" r="250" fill="url(#globe)"/>
    <path d="M470 330 q60 -40 120 -10 q40 20 20 60 q-30 40 -90 30 q-70 -10 -50 -80z" fill="${C.mint}" opacity="0.9"/>
    <path d="M640 470 q70 -30 120 10 q30 40 -10 90 q-40 50 -100 20 q-50 -40 -10 -120z" fill="${C.mint}" opacity="0.9"/>
    <path d="M420 500 q40 -10 60 30 q10 40 -30 60 q-40 10 -50 -30 q-5 -40 20 -60z" fill="${C.mint}" opacity="0.85"/>
    <ellipse cx="600" cy="470" rx="250" ry="250" fill="none" stroke="${C.white}" stroke-opacity="0.25" stroke-width="3"/>
    <path d="M600 220 Q700 470 600 720 M600 220 Q500 470 600 720 M350 470 H850" stroke="${C.white}" stroke-opacity="0.22" stroke-width="3" fill="none"/>
    <path d="M210 560 Q420 150 980 300" stroke="${C.navy}" stroke-width="5" stroke-dasharray="4 18" stroke-linecap="round" fill="none"/>
    ${plane(985, 302, 1.4, 12)}
    <circle cx="210" cy="560" r="14" fill="${C.coral}"/><circle cx="210" cy="560" r="28" fill="${C.coral}" opacity="0.25"/>
    ${book(130, 690, 260, 46, C.coral)}${book(150, 644, 230, 46, C.brand6)}${book(120, 598, 250, 46, C.accent5)}
    ${gradCap(250, 540, 0.95)}
    ${passport(940, 700, 1.05, 14)}
    <g transform="translate(1020 600) rotate(-8)"><rect x="-80" y="-26" width="160" height="52" rx="10" fill="${C.white}"/>
      <rect x="-64" y="-10" width="70" height="8" rx="4" fill="${C.brand4}"/><rect x="-64" y="6" width="46" height="8" rx="4" fill="${C.brand2}"/>
      <rect x="28" y="-16" width="36" height="32" rx="6" fill="${C.accent4}"/></g>`,
  );
}

/** The services' pictures: study abroad, test preparation, visas and migration (then around again). */
export function serviceIllustration(index: number): string {
  const w = 900;
  const h = 600;
  const scenes = [
    // Study abroad: an open book, a cap and a small globe.
    `<rect width="${w}" height="${h}" fill="${C.brand0}"/>
     <circle cx="700" cy="150" r="120" fill="${C.brand1}"/><circle cx="160" cy="480" r="160" fill="${C.brand1}"/>
     <path d="M250 430 Q340 380 450 420 Q560 380 650 430 L650 470 Q560 420 450 460 Q340 420 250 470 Z" fill="${C.navy}"/>
     <path d="M262 410 Q350 350 450 400 L450 440 Q350 392 262 440 Z" fill="${C.white}"/>
     <path d="M638 410 Q550 350 450 400 L450 440 Q550 392 638 440 Z" fill="${C.white}"/>
     <path d="M300 404 Q360 376 420 398 M300 420 Q360 394 420 414 M480 398 Q540 376 600 404 M480 414 Q540 394 600 420" stroke="${C.brand3}" stroke-width="5" fill="none"/>
     ${gradCap(450, 200, 1.05)}
     <circle cx="700" cy="300" r="62" fill="${C.brand6}"/><path d="M668 270 q30 -18 50 4 q14 22 -14 34 q-34 8 -36 -38z" fill="${C.mint}"/>
     <path d="M638 300 H762 M700 238 Q730 300 700 362 M700 238 Q670 300 700 362" stroke="${C.white}" stroke-opacity="0.4" stroke-width="3" fill="none"/>
     ${cloud(120, 120, 0.9)}`,
    // Test preparation: headphones over a score card with a tick, and a pencil.
    `<rect width="${w}" height="${h}" fill="${C.accent0}"/>
     <circle cx="180" cy="140" r="110" fill="${C.accent2}" opacity="0.6"/><circle cx="760" cy="470" r="150" fill="${C.accent2}" opacity="0.5"/>
     <rect x="320" y="140" width="260" height="340" rx="22" fill="${C.white}" stroke="${C.navy}" stroke-width="6"/>
     <rect x="390" y="118" width="120" height="40" rx="12" fill="${C.navy}"/>
     <rect x="360" y="200" width="180" height="14" rx="7" fill="${C.brand2}"/><rect x="360" y="236" width="140" height="14" rx="7" fill="${C.brand2}"/>
     <rect x="360" y="272" width="160" height="14" rx="7" fill="${C.brand2}"/>
     <circle cx="450" cy="380" r="56" fill="${C.mint}"/><path d="M424 382 L444 402 L480 360" stroke="${C.white}" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
     <path d="M220 330 Q220 190 340 170" stroke="${C.brand8}" stroke-width="18" fill="none" stroke-linecap="round"/>
     <rect x="190" y="320" width="60" height="100" rx="24" fill="${C.brand8}"/>
     <path d="M680 330 Q680 190 560 170" stroke="${C.brand8}" stroke-width="18" fill="none" stroke-linecap="round"/>
     <rect x="650" y="320" width="60" height="100" rx="24" fill="${C.brand8}"/>
     <g transform="translate(640 170) rotate(35)"><rect x="-14" y="-90" width="28" height="150" rx="6" fill="${C.accent5}"/>
       <path d="M-14 60 L0 92 L14 60 Z" fill="${C.navy}"/><rect x="-14" y="-100" width="28" height="18" rx="6" fill="${C.coral}"/></g>`,
    // Visas and migration: a passport with a stamp, a boarding pass and a plane.
    `<rect width="${w}" height="${h}" fill="${C.mintSoft}"/>
     <circle cx="720" cy="160" r="130" fill="${C.white}" opacity="0.7"/><circle cx="150" cy="470" r="140" fill="${C.white}" opacity="0.6"/>
     <path d="M0 520 Q300 470 480 500 T900 480 V600 H0 Z" fill="${C.mint}" opacity="0.35"/>
     ${passport(360, 320, 1.25, -8)}
     <g transform="translate(600 360) rotate(10)"><rect x="-150" y="-70" width="300" height="140" rx="16" fill="${C.white}" stroke="${C.navy}" stroke-width="5"/>
       <path d="M60 -70 V70" stroke="${C.brand2}" stroke-width="4" stroke-dasharray="8 8"/>
       <rect x="-120" y="-40" width="120" height="14" rx="7" fill="${C.brand4}"/><rect x="-120" y="-10" width="90" height="12" rx="6" fill="${C.brand2}"/>
       <rect x="-120" y="18" width="140" height="12" rx="6" fill="${C.brand2}"/>
       <rect x="84" y="-40" width="44" height="80" rx="6" fill="${C.accent4}"/></g>
     <circle cx="470" cy="230" r="48" fill="none" stroke="${C.coral}" stroke-width="8" opacity="0.85"/>
     <path d="M446 232 L464 250 L496 214" stroke="${C.coral}" stroke-width="8" fill="none" stroke-linecap="round" opacity="0.85"/>
     ${plane(700, 140, 1.3, -18)}
     <path d="M120 200 Q380 60 640 150" stroke="${C.navy}" stroke-width="4" stroke-dasharray="4 14" stroke-linecap="round" fill="none"/>`,
  ];
  return svg(w, h, scenes[index % scenes.length]!);
}

/** People of the demo team and testimonials: flat portraits, each with its own skin tone, hair and clothes. */
const PEOPLE = [
  { skin: '#f2c9a0', hair: '#3b2a20', style: 'long', shirt: C.brand8, bg: C.brand1 },
  { skin: '#a86f45', hair: '#1d1512', style: 'short', shirt: C.coral, bg: C.accent0 },
  { skin: '#c68b59', hair: '#24180f', style: 'bun', shirt: C.mint, bg: C.mintSoft },
  { skin: '#f5d2b0', hair: '#8a5a2b', style: 'bob', shirt: C.navy, bg: C.brand0 },
  { skin: '#8d5a3b', hair: '#120c09', style: 'short', shirt: C.brand6, bg: C.accent2 },
  { skin: '#e0ac7e', hair: '#2e2119', style: 'long', shirt: C.accent5, bg: C.brand1 },
  { skin: '#b97f52', hair: '#1a1310', style: 'curly', shirt: C.brand9, bg: C.mintSoft },
];

function hair(style: string, color: string): { back: string; front: string } {
  switch (style) {
    case 'long':
      return {
        back: `<path d="M168 230 Q160 120 240 112 Q320 120 312 230 L322 350 Q240 380 158 350 Z" fill="${color}"/>`,
        front: `<path d="M172 206 Q180 128 240 126 Q304 128 308 206 Q290 160 240 156 Q196 160 172 206 Z" fill="${color}"/>`,
      };
    case 'bun':
      return {
        back: `<circle cx="240" cy="104" r="34" fill="${color}"/>`,
        front: `<path d="M172 214 Q172 130 240 128 Q308 130 308 214 Q296 164 240 160 Q186 164 172 214 Z" fill="${color}"/>`,
      };
    case 'bob':
      return {
        back: `<path d="M164 240 Q158 122 240 116 Q322 122 316 240 Q312 268 296 276 L184 276 Q168 268 164 240 Z" fill="${color}"/>`,
        front: `<path d="M172 212 Q176 132 240 128 Q306 132 310 212 Q284 170 220 168 Q190 176 172 212 Z" fill="${color}"/>`,
      };
    case 'curly':
      return {
        back: '',
        front: [
          [190, 150],
          [218, 130],
          [250, 124],
          [282, 134],
          [304, 160],
          [178, 180],
          [310, 188],
        ]
          .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="26" fill="${color}"/>`)
          .join(''),
      };
    default:
      return {
        back: '',
        front: `<path d="M176 200 Q176 130 240 126 Q304 130 304 200 Q296 168 262 160 Q226 170 196 160 Q180 172 176 200 Z" fill="${color}"/>`,
      };
  }
}

export function portraitIllustration(index: number): string {
  const person = PEOPLE[index % PEOPLE.length]!;
  const { back, front } = hair(person.style, person.hair);
  return svg(
    480,
    480,
    `<rect width="480" height="480" fill="${person.bg}"/>
     <circle cx="380" cy="90" r="70" fill="${C.white}" opacity="0.5"/>
     ${back}
     <path d="M96 480 Q96 340 240 330 Q384 340 384 480 Z" fill="${person.shirt}"/>
     <path d="M206 300 L206 350 Q240 372 274 350 L274 300 Z" fill="${person.skin}"/>
     <path d="M206 336 Q240 358 274 336 L274 350 Q240 372 206 350 Z" fill="#000" opacity="0.08"/>
     <ellipse cx="240" cy="226" rx="70" ry="84" fill="${person.skin}"/>
     <ellipse cx="170" cy="232" rx="12" ry="18" fill="${person.skin}"/><ellipse cx="310" cy="232" rx="12" ry="18" fill="${person.skin}"/>
     ${front}
     <circle cx="214" cy="232" r="7" fill="${C.navy}"/><circle cx="266" cy="232" r="7" fill="${C.navy}"/>
     <path d="M206 212 Q214 206 224 210 M256 210 Q266 206 274 212" stroke="${person.hair}" stroke-width="5" stroke-linecap="round" fill="none"/>
     <path d="M220 270 Q240 286 260 270" stroke="${C.navy}" stroke-width="6" stroke-linecap="round" fill="none"/>
     <circle cx="200" cy="258" r="10" fill="${C.coral}" opacity="0.18"/><circle cx="280" cy="258" r="10" fill="${C.coral}" opacity="0.18"/>
     <path d="M200 346 L240 392 L280 346" stroke="${C.white}" stroke-width="8" fill="none" stroke-linejoin="round" opacity="0.85"/>`,
  );
}

/** Gallery scenes: graduation day, a harbour city, mountains, a tower city, a classroom and a campus. */
export function galleryIllustration(index: number): string {
  const w = 1200;
  const h = 800;
  const scenes = [
    `<rect width="${w}" height="${h}" fill="${C.brand1}"/>
     <circle cx="980" cy="160" r="90" fill="${C.accent4}"/>${cloud(140, 120, 1.4)}${cloud(600, 80, 1)}
     ${gradCap(360, 300, 1, C.coral)}${gradCap(640, 220, 0.9)}${gradCap(860, 360, 0.8, C.mint)}
     ${[...Array(18).keys()].map((i) => `<rect x="${((i * 67) % 1150) + 20}" y="${((i * 149) % 420) + 80}" width="14" height="26" rx="4" fill="${[C.coral, C.accent4, C.mint, C.brand6][i % 4]}" transform="rotate(${(i * 37) % 90} ${((i * 67) % 1150) + 27} ${((i * 149) % 420) + 93})"/>`).join('')}
     <path d="M0 620 Q300 560 600 610 T1200 590 V800 H0 Z" fill="${C.mint}"/>
     <path d="M0 680 Q320 640 640 680 T1200 670 V800 H0 Z" fill="${C.brand6}" opacity="0.6"/>`,
    `<rect width="${w}" height="${h}" fill="${C.accent0}"/>
     <circle cx="260" cy="170" r="80" fill="${C.accent4}"/>${cloud(760, 120, 1.2, 0.9)}
     <path d="M420 520 Q520 330 640 520 Z M540 520 Q640 300 780 520 Z M680 520 Q770 380 860 520 Z" fill="${C.white}" stroke="${C.brand8}" stroke-width="6"/>
     <path d="M60 470 Q300 330 560 470" stroke="${C.navy}" stroke-width="14" fill="none"/>
     <path d="M60 470 H560" stroke="${C.navy}" stroke-width="10"/>
     ${[...Array(9).keys()].map((i) => `<path d="M${110 + i * 50} 470 V${470 - Math.round(Math.sin((i + 1) * 0.33) * 130)}" stroke="${C.navy}" stroke-width="4"/>`).join('')}
     <rect x="0" y="520" width="${w}" height="280" fill="${C.brand6}"/>
     <path d="M0 560 Q150 540 300 560 T600 560 T900 560 T1200 560" stroke="${C.white}" stroke-opacity="0.4" stroke-width="6" fill="none"/>`,
    `<rect width="${w}" height="${h}" fill="${C.brand0}"/>
     <circle cx="900" cy="150" r="70" fill="${C.accent2}"/>
     <path d="M0 600 L260 260 L420 460 L600 180 L800 470 L960 300 L1200 600 Z" fill="${C.brand4}"/>
     <path d="M260 260 L320 340 L280 330 L240 350 Z M600 180 L670 280 L610 262 L560 290 Z M960 300 L1010 370 L960 358 L920 372 Z" fill="${C.white}"/>
     <path d="M0 640 Q300 560 600 620 T1200 600 V800 H0 Z" fill="${C.mint}"/>
     <path d="M120 520 Q420 440 760 470" stroke="${C.navy}" stroke-width="3" fill="none"/>
     ${[...Array(10).keys()].map((i) => `<path d="M${150 + i * 60} ${510 - i * 7} l24 0 l-10 30 z" fill="${[C.brand6, C.white, C.coral, C.mint, C.accent4][i % 5]}"/>`).join('')}`,
    `<rect width="${w}" height="${h}" fill="${C.brand1}"/>${cloud(160, 140, 1.2)}${cloud(820, 90, 0.9)}
     <rect x="560" y="160" width="26" height="420" fill="${C.navy}"/><ellipse cx="573" cy="330" rx="46" ry="22" fill="${C.navy}"/>
     <path d="M566 160 L573 90 L580 160 Z" fill="${C.navy}"/>
     ${[...Array(10).keys()].map((i) => `<rect x="${40 + i * 115}" y="${380 - ((i * 53) % 140)}" width="${80 + ((i * 17) % 30)}" height="${300 + ((i * 53) % 140)}" fill="${i % 2 ? C.brand6 : C.brand8}"/>`).join('')}
     <path d="M880 300 l18 36 l36 -12 l-14 38 l24 12 l-46 18 v24 h-10 v-24 l-46 -18 l24 -12 l-14 -38 l36 12 z" fill="${C.coral}"/>
     <rect x="0" y="620" width="${w}" height="180" fill="${C.navySoft}"/>`,
    `<rect width="${w}" height="${h}" fill="${C.accent0}"/>
     <rect x="200" y="110" width="800" height="340" rx="18" fill="${C.white}" stroke="${C.navy}" stroke-width="10"/>
     <path d="M260 200 H560 M260 250 H700 M260 300 H620" stroke="${C.brand4}" stroke-width="14" stroke-linecap="round"/>
     <circle cx="840" cy="260" r="70" fill="${C.mint}"/><path d="M810 262 L832 284 L872 240" stroke="${C.white}" stroke-width="14" fill="none" stroke-linecap="round"/>
     ${[0, 1, 2].map((i) => `<rect x="${180 + i * 300}" y="560" width="240" height="30" rx="8" fill="${C.brand8}"/><rect x="${200 + i * 300}" y="590" width="16" height="120" fill="${C.brand9}"/><rect x="${384 + i * 300}" y="590" width="16" height="120" fill="${C.brand9}"/><rect x="${250 + i * 300}" y="520" width="90" height="40" rx="6" fill="${[C.coral, C.accent4, C.brand4][i]}"/>`).join('')}
     <rect x="0" y="720" width="${w}" height="80" fill="${C.brand2}"/>`,
    `<rect width="${w}" height="${h}" fill="${C.brand0}"/>${cloud(900, 120, 1.1)}
     <path d="M240 300 L600 140 L960 300 Z" fill="${C.brand8}"/>
     <rect x="260" y="300" width="680" height="40" fill="${C.brand9}"/>
     ${[...Array(6).keys()].map((i) => `<rect x="${300 + i * 116}" y="340" width="44" height="260" fill="${C.white}" stroke="${C.brand2}" stroke-width="4"/>`).join('')}
     <rect x="240" y="600" width="720" height="40" fill="${C.brand9}"/><circle cx="600" cy="235" r="36" fill="${C.accent4}"/>
     <path d="M0 660 Q300 620 600 650 T1200 640 V800 H0 Z" fill="${C.mint}"/>
     <circle cx="140" cy="560" r="80" fill="${C.mint}"/><rect x="132" y="560" width="16" height="110" fill="${C.navySoft}"/>
     <circle cx="1060" cy="540" r="100" fill="${C.mint}"/><rect x="1050" y="540" width="20" height="130" fill="${C.navySoft}"/>`,
  ];
  return svg(w, h, scenes[index % scenes.length]!);
}

const scene = (background: string, body: string) =>
  svg(900, 600, `<rect width="900" height="600" fill="${background}"/>${body}`);

const blobs = (a: string, b: string) =>
  `<circle cx="730" cy="140" r="130" fill="${a}"/><circle cx="150" cy="470" r="150" fill="${b}"/>`;

/** A small bust for group pictures (the team page): a person of PEOPLE at (x, y), scaled. */
function bust(index: number, x: number, y: number, s: number): string {
  const person = PEOPLE[index % PEOPLE.length]!;
  const { back, front } = hair(person.style, person.hair);
  return `<g transform="translate(${x} ${y}) scale(${s}) translate(-240 -240)">${back}
    <path d="M96 480 Q96 340 240 330 Q384 340 384 480 Z" fill="${person.shirt}"/>
    <path d="M206 300 L206 350 Q240 372 274 350 L274 300 Z" fill="${person.skin}"/>
    <ellipse cx="240" cy="226" rx="70" ry="84" fill="${person.skin}"/>${front}
    <circle cx="214" cy="232" r="7" fill="${C.navy}"/><circle cx="266" cy="232" r="7" fill="${C.navy}"/>
    <path d="M220 270 Q240 286 260 270" stroke="${C.navy}" stroke-width="6" stroke-linecap="round" fill="none"/></g>`;
}

/**
 * The pictures of the inner pages' heroes, one per part of the site (client/src/public/content/PageHero.tsx picks one
 * by the page's address), served as SVG by the server (/illustrations/<name>.svg): a page without a banner of its own
 * still opens with a picture.
 */
export const SECTION_ILLUSTRATIONS = {
  study: () => serviceIllustration(0),
  classes: () => serviceIllustration(1),
  visa: () => serviceIllustration(2),
  health: () =>
    scene(
      C.mintSoft,
      `${blobs(C.white, C.white)}
      <path d="M450 110 L600 170 V300 Q600 430 450 500 Q300 430 300 300 V170 Z" fill="${C.brand8}"/>
      <path d="M450 140 L575 190 V300 Q575 410 450 470 Z" fill="${C.brand6}"/>
      <path d="M450 250 q-40 -50 -80 -10 q-30 40 80 120 q110 -80 80 -120 q-40 -40 -80 10z" fill="${C.coral}"/>
      <rect x="620" y="330" width="160" height="110" rx="14" fill="${C.white}" stroke="${C.navy}" stroke-width="5"/>
      <path d="M700 355 V415 M670 385 H730" stroke="${C.mint}" stroke-width="16" stroke-linecap="round"/>
      ${plane(210, 170, 1, -12)}`,
    ),
  career: () =>
    scene(
      C.brand0,
      `${blobs(C.brand1, C.brand1)}
      <rect x="250" y="250" width="300" height="200" rx="22" fill="${C.navy}"/>
      <path d="M340 250 V215 Q340 195 360 195 H440 Q460 195 460 215 V250" stroke="${C.navy}" stroke-width="16" fill="none"/>
      <rect x="250" y="320" width="300" height="16" fill="${C.navySoft}"/><rect x="380" y="305" width="40" height="46" rx="8" fill="${C.accent4}"/>
      <path d="M600 450 V300 M660 450 V250 M720 450 V190" stroke="${C.brand4}" stroke-width="34" stroke-linecap="round"/>
      <path d="M580 280 L650 220 L700 250 L790 150" stroke="${C.coral}" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
      <path d="M770 150 H795 V175" stroke="${C.coral}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    ),
  eligibility: () =>
    scene(
      C.accent0,
      `${blobs(C.accent2, C.accent2)}
      <path d="M250 400 A200 200 0 0 1 650 400" stroke="${C.brand1}" stroke-width="44" fill="none"/>
      <path d="M250 400 A200 200 0 0 1 560 240" stroke="${C.brand6}" stroke-width="44" fill="none"/>
      <path d="M450 400 L560 270" stroke="${C.navy}" stroke-width="12" stroke-linecap="round"/><circle cx="450" cy="400" r="22" fill="${C.navy}"/>
      <rect x="640" y="250" width="170" height="220" rx="16" fill="${C.white}" stroke="${C.navy}" stroke-width="5"/>
      ${[0, 1, 2].map((i) => `<path d="M665 ${300 + i * 55} l12 12 l22 -24" stroke="${C.mint}" stroke-width="8" fill="none" stroke-linecap="round"/><rect x="715" y="${296 + i * 55}" width="70" height="12" rx="6" fill="${C.brand2}"/>`).join('')}`,
    ),
  canada: () =>
    scene(
      C.brand1,
      `${cloud(90, 90, 1.1)}${cloud(620, 60, 0.8)}
      <path d="M0 420 L180 240 L300 360 L430 200 L600 380 L720 280 L900 420 Z" fill="${C.brand4}"/>
      <path d="M180 240 L215 280 L180 272 L150 290 Z M430 200 L470 250 L430 240 L395 258 Z" fill="${C.white}"/>
      <rect x="0" y="420" width="900" height="180" fill="${C.brand6}"/>
      <path d="M0 460 Q225 440 450 460 T900 460" stroke="${C.white}" stroke-opacity="0.4" stroke-width="5" fill="none"/>
      <path d="M640 300 l22 44 l44 -15 l-17 47 l30 15 l-57 22 v30 h-12 v-30 l-57 -22 l30 -15 l-17 -47 l44 15 z" fill="${C.coral}"/>`,
    ),
  team: () =>
    scene(
      C.brand0,
      `${blobs(C.brand1, C.accent2)}${bust(3, 270, 330, 0.72)}${bust(1, 630, 330, 0.72)}${bust(0, 450, 300, 0.85)}
      <rect x="0" y="520" width="900" height="80" fill="${C.brand2}"/>`,
    ),
  contact: () =>
    scene(
      C.brand0,
      `${blobs(C.accent2, C.brand1)}
      <rect x="220" y="170" width="300" height="190" rx="28" fill="${C.brand8}"/><path d="M280 360 L260 420 L340 360 Z" fill="${C.brand8}"/>
      <rect x="260" y="220" width="200" height="16" rx="8" fill="${C.white}" opacity="0.85"/><rect x="260" y="260" width="150" height="16" rx="8" fill="${C.white}" opacity="0.6"/>
      <rect x="440" y="280" width="260" height="160" rx="28" fill="${C.accent4}"/><path d="M640 440 L660 490 L590 440 Z" fill="${C.accent4}"/>
      <circle cx="510" cy="360" r="12" fill="${C.navy}"/><circle cx="570" cy="360" r="12" fill="${C.navy}"/><circle cx="630" cy="360" r="12" fill="${C.navy}"/>
      <g transform="translate(720 170) rotate(12)"><rect x="-60" y="-40" width="120" height="80" rx="10" fill="${C.white}" stroke="${C.navy}" stroke-width="5"/>
      <path d="M-60 -36 L0 8 L60 -36" stroke="${C.navy}" stroke-width="5" fill="none"/></g>`,
    ),
  gallery: () =>
    scene(
      C.accent0,
      `${blobs(C.accent2, C.brand1)}
      <g transform="translate(330 300) rotate(-8)"><rect x="-130" y="-100" width="260" height="200" rx="10" fill="${C.white}"/>
      <rect x="-114" y="-84" width="228" height="140" fill="${C.brand2}"/><path d="M-114 56 L-40 -20 L20 30 L60 0 L114 56 Z" fill="${C.brand6}"/></g>
      <g transform="translate(560 320) rotate(6)"><rect x="-130" y="-100" width="260" height="200" rx="10" fill="${C.white}"/>
      <rect x="-114" y="-84" width="228" height="140" fill="${C.mintSoft}"/><circle cx="50" cy="-40" r="22" fill="${C.accent4}"/>
      <path d="M-114 56 L-30 -10 L40 40 L114 -6 V56 Z" fill="${C.mint}"/></g>
      <rect x="590" y="110" width="170" height="110" rx="18" fill="${C.navy}"/><circle cx="675" cy="165" r="36" fill="${C.brand4}"/>
      <circle cx="675" cy="165" r="20" fill="${C.navySoft}"/><rect x="610" y="96" width="50" height="22" rx="6" fill="${C.navy}"/>`,
    ),
  blog: () =>
    scene(
      C.brand0,
      `${blobs(C.brand1, C.accent2)}
      <rect x="230" y="130" width="440" height="300" rx="18" fill="${C.navy}"/><rect x="250" y="150" width="400" height="260" rx="8" fill="${C.white}"/>
      <rect x="270" y="172" width="150" height="100" rx="8" fill="${C.brand2}"/><path d="M270 272 L330 216 L370 250 L420 212 V272 Z" fill="${C.brand6}"/>
      <rect x="440" y="176" width="190" height="16" rx="8" fill="${C.navy}"/><rect x="440" y="206" width="160" height="12" rx="6" fill="${C.brand2}"/>
      <rect x="440" y="230" width="180" height="12" rx="6" fill="${C.brand2}"/>
      <rect x="270" y="300" width="360" height="12" rx="6" fill="${C.brand2}"/><rect x="270" y="326" width="320" height="12" rx="6" fill="${C.brand2}"/>
      <rect x="270" y="352" width="340" height="12" rx="6" fill="${C.brand2}"/>
      <path d="M170 450 H730 L690 480 H210 Z" fill="${C.navySoft}"/>`,
    ),
  legal: () =>
    scene(
      C.brand0,
      `${blobs(C.brand1, C.mintSoft)}
      <rect x="300" y="110" width="260" height="340" rx="16" fill="${C.white}" stroke="${C.navy}" stroke-width="6"/>
      ${[0, 1, 2, 3, 4].map((i) => `<rect x="334" y="${160 + i * 44}" width="${i % 2 ? 150 : 190}" height="14" rx="7" fill="${C.brand2}"/>`).join('')}
      <path d="M600 260 L690 296 V370 Q690 440 600 480 Q510 440 510 370 V296 Z" fill="${C.brand8}"/>
      <path d="M566 372 L592 398 L640 346" stroke="${C.white}" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    ),
} as const satisfies Record<string, () => string>;

export type SectionIllustration = keyof typeof SECTION_ILLUSTRATIONS;

export function isSectionIllustration(name: string): name is SectionIllustration {
  return Object.hasOwn(SECTION_ILLUSTRATIONS, name);
}
