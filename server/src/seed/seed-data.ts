import type { SitePath } from '../../../shared/site-pages.js';
import type { SitePageName } from './page-content-data.js';

/**
 * What a new site starts with. Contact details are placeholders in reserved ranges (example.com addresses,
 * fictional numbers) for staff to replace in the admin area.
 */
export const SEED_COUNTRIES = [
  {
    name: 'Global',
    headerContactInfo: {
      email: 'info@example.com',
      phone_number: '+61 2 9000 0000',
      address: 'Level 5, 100 George Street, Sydney NSW 2000',
    },
  },
  {
    name: 'Nepal',
    headerContactInfo: {
      email: 'nepal@example.com',
      phone_number: '+977 1 5900000',
      address: 'Putalisadak, Kathmandu 44600',
    },
  },
  {
    name: 'Canada',
    headerContactInfo: {
      email: 'canada@example.com',
      phone_number: '+1 416 555 0100',
      address: '200 Bay Street, Toronto ON M5J 2J1',
    },
  },
  {
    name: 'Australia',
    headerContactInfo: {
      email: 'australia@example.com',
      phone_number: '+61 2 9000 0000',
      address: 'Level 5, 100 George Street, Sydney NSW 2000',
    },
  },
] as const;

export type SeedCountryName = (typeof SEED_COUNTRIES)[number]['name'];

/**
 * The pages a country's site starts without, so the sites differ as the offices do: Nepal's office does not advise
 * on living in Canada or on visas only held inside Australia; Canada's does not run Australia's Professional Year.
 * Staff enable any of them in the Pages screen.
 */
export const PAGES_LEFT_OUT: Record<SeedCountryName, readonly SitePageName[]> = {
  Global: [],
  Nepal: ['Life In Canada', 'Subclass 887', 'Subclass 191', 'Professional Year'],
  Canada: ['Professional Year', 'Subclass 887', 'Subclass 191', 'Health Insurance'],
  Australia: ['Life In Canada'],
};

/** The three chat branches of the spec (§2, §9), each with its messenger page. */
export const SEED_BRANCHES = [
  {
    country: 'Australia',
    name: 'Sydney',
    email: 'sydney@example.com',
    phone_number: '+61 2 9000 0000',
    address: 'Level 5, 100 George Street, Sydney NSW 2000',
    google_map_link: 'https://www.google.com/maps?q=100+George+Street+Sydney&output=embed',
    messenger_url: 'https://m.me/horizon.sydney.example',
  },
  {
    country: 'Nepal',
    name: 'Kathmandu',
    email: 'kathmandu@example.com',
    phone_number: '+977 1 5900000',
    address: 'Putalisadak, Kathmandu 44600',
    google_map_link: 'https://www.google.com/maps?q=Putalisadak+Kathmandu&output=embed',
    messenger_url: 'https://m.me/horizon.kathmandu.example',
  },
  {
    country: 'Nepal',
    name: 'Butwal',
    email: 'butwal@example.com',
    phone_number: '+977 71 500000',
    address: 'Traffic Chowk, Butwal 32907',
    google_map_link: 'https://www.google.com/maps?q=Traffic+Chowk+Butwal&output=embed',
    messenger_url: 'https://m.me/horizon.butwal.example',
  },
] as const;

export const DEMO_CONTENT = {
  /**
   * The home page's hero per country site, each kept to its country (decision 037): what that office promises its
   * visitors. A country without its own shares the Global one.
   */
  banners: {
    Global: {
      title: 'Your future starts here',
      description: 'Study abroad, test preparation, visas and migration advice from registered consultants.',
      button_name: 'Book an Appointment',
      button_url: '/book-an-appointment',
    },
    Nepal: {
      title: 'Study abroad from Nepal with a plan that works',
      description:
        'Counsellors in Kathmandu and Butwal guide you from choosing a course and preparing for IELTS or PTE to your visa and departure.',
      button_name: 'Book a free counselling session',
      button_url: '/book-an-appointment',
    },
    Australia: {
      title: 'Visas and study in Australia, done right',
      description:
        'Registered migration agents (MARN) in Sydney for student, skilled, partner and graduate visas, and counsellors for your course.',
      button_name: 'Check your visa options',
      button_url: '/book-an-appointment',
    },
    Canada: {
      title: 'Study, work and settle in Canada',
      description:
        'Study permits, Express Entry and provincial nominee programs explained plainly, with a plan for each step from our Toronto office.',
      button_name: 'Book a consultation',
      button_url: '/book-an-appointment',
    },
  } satisfies Partial<Record<SeedCountryName, unknown>> & { Global: unknown },
  /**
   * The home page's services per country site: each office leads with what its visitors come for (Nepal's with
   * study abroad and test preparation, Australia's with visas, Canada's with Express Entry). `picture` is the
   * service illustration: 0 study, 1 classes, 2 visas; `link` the page the card leads to.
   */
  services: {
    Global: [
      {
        title: 'Study Abroad',
        description: 'Course and university selection, applications and scholarships in Australia, Canada and the UK.',
        picture: 0,
        link: '/study/australia',
      },
      {
        title: 'IELTS & PTE Classes',
        description: 'Small classes, mock tests and feedback from experienced trainers.',
        picture: 1,
        link: '/class/ielts',
      },
      {
        title: 'Visa & Migration',
        description: 'Student, graduate, skilled and visitor visas handled by registered agents.',
        picture: 2,
        link: '/visa/student',
      },
    ],
    Nepal: [
      {
        title: 'Study Abroad',
        description:
          'Choose a course and university in Australia, Canada or the UK with counsellors in Kathmandu and Butwal.',
        picture: 0,
        link: '/study/australia',
      },
      {
        title: 'IELTS & PTE Classes',
        description: 'Morning and evening batches, weekly mock tests and one-to-one speaking practice.',
        picture: 1,
        link: '/class/ielts',
      },
      {
        title: 'Student Visas',
        description: 'Documents, financial evidence and the Genuine Student statement, checked before you apply.',
        picture: 2,
        link: '/visa/student',
      },
    ],
    Canada: [
      {
        title: 'Express Entry',
        description:
          'Your Comprehensive Ranking System score, profile and the steps to a permanent residence invitation.',
        picture: 2,
        link: '/canada/migrate-to-canada',
      },
      {
        title: 'Study in Canada',
        description: 'Colleges and universities, the study permit and the path from graduation to work.',
        picture: 0,
        link: '/study/canada',
      },
      {
        title: 'Language Tests',
        description: 'IELTS General Training preparation for the scores Express Entry counts.',
        picture: 1,
        link: '/class/ielts',
      },
    ],
    Australia: [
      {
        title: 'Skilled Migration',
        description: 'Points, skills assessment and state nomination for subclasses 189, 190 and 491.',
        picture: 2,
        link: '/visa/sub-class189',
      },
      {
        title: 'Graduate Visas',
        description: 'From your last semester to the post-study work stream, without a gap in your stay.',
        picture: 0,
        link: '/visa/post-study-work',
      },
      {
        title: 'PTE Preparation',
        description: 'Score-focused PTE classes in Sydney for the English your visa needs.',
        picture: 1,
        link: '/class/pte',
      },
    ],
  } satisfies Record<SeedCountryName, { title: string; description: string; picture: 0 | 1 | 2; link: SitePath }[]>,
  testimonials: [
    {
      name: 'Aarati Sharma',
      relation: 'Student, University of Sydney',
      rating: 5,
      testimonial: 'They guided me from choosing a course to my visa grant. Everything was clear and on time.',
    },
    {
      name: 'Bikash Thapa',
      relation: 'Skilled visa client',
      rating: 5,
      testimonial: 'Honest advice about my points and options. My subclass 190 was granted without any surprises.',
    },
    {
      name: 'Priya Patel',
      relation: 'IELTS student',
      rating: 4,
      testimonial: 'The mock tests and feedback lifted my band score from 6 to 7.5 in two months.',
    },
  ],
  certificates: [
    { country: 'Australia', certificate_name: 'MARN' },
    { country: 'Nepal', certificate_name: 'ECAN' },
  ],
  team: [
    {
      name: 'Sarah Mitchell',
      position: 'Principal Migration Agent',
      description: 'Registered migration agent helping students and skilled workers for over ten years.',
      email: 'sarah@example.com',
      whatsapp: '+61 400 000 000',
      countries: ['Australia', 'Global'],
      certifications: [{ certificate_name: 'MARN', certificate_code: '0000001' }],
    },
    {
      name: 'Rohan Karki',
      position: 'Senior Education Counsellor',
      description: 'Advises students in Kathmandu and Butwal on courses, universities and scholarships.',
      email: 'rohan@example.com',
      whatsapp: '+977 9800000000',
      countries: ['Nepal', 'Global'],
      certifications: [{ certificate_name: 'ECAN', certificate_code: 'ECAN-0001' }],
    },
  ],
  aboutUsVideo: { video_name: 'About us', video_url: 'https://www.youtube.com/embed/aqz-KE-bpKQ' },
  /** The home page's about-us text per country site. */
  aboutUsText: {
    Global:
      'We are an education and migration consultancy with branches in Australia and Nepal, helping students and families plan study, work and life abroad.',
    Nepal:
      'From our offices in Kathmandu and Butwal we have helped Nepali students choose courses abroad, prepare for IELTS and PTE, and apply for their visas.',
    Canada:
      'Our Toronto team helps newcomers and students in Canada with study permits, Express Entry and settling in.',
    Australia:
      'Our Sydney office and registered migration agents help students and skilled workers with visas, from the first course to permanent residence.',
  } satisfies Record<SeedCountryName, string>,
  galleryVideos: [
    { video_name: 'Student stories', video_url: 'https://www.youtube.com/embed/ScMzIvxBSi4' },
    { video_name: 'Campus tour', video_url: 'https://www.youtube.com/embed/jNQXAC9IVRw' },
  ],
  galleryImageCount: 6,
  socialMedia: [
    { name: 'facebook', color: '#1877f2', mark: 'f', link: 'https://www.facebook.com/' },
    { name: 'instagram', color: '#c13584', mark: 'camera', link: 'https://www.instagram.com/' },
    { name: 'youtube', color: '#ff0000', mark: 'play', link: 'https://www.youtube.com/' },
  ],
  googleMapLink: 'https://www.google.com/maps?q=100+George+Street+Sydney&output=embed',
} as const;
