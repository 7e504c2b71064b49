import sharp from 'sharp';
import type { NewBlob } from '../media/media.repository.js';
import {
  galleryIllustration,
  heroIllustration,
  portraitIllustration,
  serviceIllustration,
} from '../../../shared/illustrations.js';

/**
 * Demo and flag pictures drawn at seed time from SVG (shared/illustrations.ts), so a fresh site looks complete without
 * downloading anything. Shapes and gradients only: a server may have no fonts installed.
 */
async function raster(svg: string, format: 'png' | 'webp'): Promise<NewBlob> {
  const image = sharp(Buffer.from(svg));
  const { data, info } =
    format === 'png'
      ? await image.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
      : await image.webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
  return {
    bytes: data,
    contentType: format === 'png' ? 'image/png' : 'image/webp',
    width: info.width,
    height: info.height,
  };
}

const FLAGS: Record<string, string> = {
  Global: `<rect width="60" height="40" fill="#1c4f8a"/><circle cx="30" cy="20" r="13" fill="none" stroke="#fff" stroke-width="2"/>
    <path d="M17 20h26M30 7c6 5 6 21 0 26M30 7c-6 5-6 21 0 26" stroke="#fff" stroke-width="1.5" fill="none"/>`,
  Nepal: `<rect width="60" height="40" fill="#fff"/><path d="M14 2 L44 20 H22 L44 38 H14 Z" fill="#dc143c" stroke="#003893" stroke-width="2"/>
    <circle cx="21" cy="14" r="3" fill="#fff"/><circle cx="21" cy="29" r="4" fill="#fff"/>`,
  Canada: `<rect width="60" height="40" fill="#fff"/><rect width="15" height="40" fill="#d52b1e"/><rect x="45" width="15" height="40" fill="#d52b1e"/>
    <path d="M30 9 L33 16 L38 14 L35 22 L39 24 L31 27 L31 32 L29 32 L29 27 L21 24 L25 22 L22 14 L27 16 Z" fill="#d52b1e"/>`,
  Australia: `<rect width="60" height="40" fill="#012169"/><path d="M0 0 L30 20 M30 0 L0 20" stroke="#fff" stroke-width="4"/>
    <path d="M15 0 V20 M0 10 H30" stroke="#fff" stroke-width="6"/><path d="M15 0 V20 M0 10 H30" stroke="#e4002b" stroke-width="3"/>
    <circle cx="15" cy="31" r="3" fill="#fff"/><circle cx="45" cy="8" r="1.6" fill="#fff"/><circle cx="50" cy="18" r="1.6" fill="#fff"/>
    <circle cx="45" cy="33" r="1.6" fill="#fff"/><circle cx="39" cy="17" r="1.6" fill="#fff"/>`,
};

export function flagImage(country: string): Promise<NewBlob> {
  const shapes = FLAGS[country] ?? FLAGS.Global!;
  return raster(
    `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40">${shapes}</svg>`,
    'png',
  );
}

/** The home page's hero picture (4:3, shown beside the banner's text). */
export function heroImage(): Promise<NewBlob> {
  return raster(heroIllustration(), 'webp');
}

/** A service's card picture (3:2): study abroad, test preparation, visas (by `index`). */
export function serviceImage(index: number): Promise<NewBlob> {
  return raster(serviceIllustration(index), 'webp');
}

/** A person's portrait (team, testimonials), each `index` someone else. */
export function portraitImage(index: number): Promise<NewBlob> {
  return raster(portraitIllustration(index), 'webp');
}

/** A gallery picture (3:2): graduation day, cities, mountains, a classroom, a campus. */
export function galleryImage(index: number): Promise<NewBlob> {
  return raster(galleryIllustration(index), 'webp');
}

/** A social network's icon: a coloured disc with a simple mark. */
export function socialIcon(color: string, mark: 'f' | 'camera' | 'play'): Promise<NewBlob> {
  const marks = {
    f: '<path d="M54 30 h8 v-9 h-9 c-9 0-13 6-13 13 v6 h-7 v9 h7 v23 h10 v-23 h9 l1-9 h-10 v-5 c0-3 1-5 4-5z" fill="#fff"/>',
    camera:
      '<rect x="27" y="27" width="46" height="46" rx="12" fill="none" stroke="#fff" stroke-width="6"/><circle cx="50" cy="50" r="11" fill="none" stroke="#fff" stroke-width="6"/>',
    play: '<path d="M40 32 L68 50 L40 68 Z" fill="#fff"/>',
  };
  return raster(
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 100 100"><circle cx="50" cy="50" r="50" fill="${color}"/>${marks[mark]}</svg>`,
    'png',
  );
}
