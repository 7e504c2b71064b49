import type { SitePath } from '../../../shared/site-pages.js';
import { weekOf, type OpeningHours, type Weekday } from '../../../shared/opening-hours.js';
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

/** A week open `days` from `opens` to `closes` (and on the `other` days at their hours), closed on the rest. */
function week(days: Weekday[], opens: string, closes: string, other: Partial<OpeningHours> = {}): OpeningHours {
  return weekOf((day) => (days.includes(day) ? { opens, closes } : other[day]));
}

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
   * Branches also on WhatsApp (decision 045), by name: Sydney's number is from the range Australia keeps for fiction
   * (ACMA's 0491 570 xxx), so the demo never reaches a real person.
   */
  whatsappNumbers: { Sydney: '+61 491 570 156' },
  /**
   * The branches' opening hours (decision 051), by name, on each branch's clock: Sydney's week runs Monday to Friday
   * with a Saturday morning; Nepal's offices work Sunday to Friday, Saturday being the weekend there.
   */
  openingHours: {
    Sydney: week(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], '09:00', '17:30', {
      saturday: { opens: '10:00', closes: '14:00' },
    }),
    Kathmandu: week(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'], '10:00', '18:00'),
    Butwal: week(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'], '10:00', '17:00'),
  } satisfies Record<string, OpeningHours>,
  /**
   * The demo countries' clocks (decision 050): their appointments, and Contact Us's "Open now" (decision 052), are
   * on them. Where offices of a country keep different clocks, a branch has its own.
   */
  timeZones: { Nepal: 'Asia/Kathmandu', Canada: 'America/Toronto', Australia: 'Australia/Sydney' } satisfies Partial<
    Record<SeedCountryName, string>
  >,
  /**
   * Days the demo's branches are closed besides their week (decision 052), by country, each at its next date
   * (`MM-DD`) from the day the demo is seeded: Australia's public holidays for every branch, and one branch's own day.
   */
  closures: {
    Australia: [
      { name: 'Christmas Day and Boxing Day', on: '12-25', days: 2 },
      { name: "New Year's Day", on: '01-01', days: 1 },
      { name: 'Australia Day', on: '01-26', days: 1 },
    ],
    Nepal: [{ name: 'Staff training day', branch: 'Kathmandu', on: '12-18', days: 1 }],
  } satisfies Record<string, { name: string; branch?: string; on: string; days: number }[]>,
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
  /** What each demo picture shows, as its alternative text (reviewed: written for it, not from its file name). */
  altTexts: {
    hero: 'A globe with a flight path, a graduation cap on a pile of books and a passport, at sunrise',
    /** By service scene: study abroad, test preparation, visas (also the blog covers'). */
    services: [
      'An open book with a graduation cap and a small globe',
      'Headphones beside a test score card with a green tick, and a pencil',
      'A passport with a visa stamp, a boarding pass and a plane',
    ],
    /** By gallery picture. */
    gallery: [
      'Graduation caps thrown into the sky on graduation day',
      'A harbour city with its opera house and arched bridge',
      'Snow-capped mountains with strings of prayer flags',
      'A city skyline with a tall tower and a maple leaf',
      'A classroom whiteboard with a tick, and rows of desks',
      'A university building with columns, among trees',
    ],
    portrait: (name: string) => `Drawn portrait of ${name}`,
  },
  socialMedia: [
    { name: 'facebook', alt: 'Facebook', color: '#1877f2', mark: 'f', link: 'https://www.facebook.com/' },
    { name: 'instagram', alt: 'Instagram', color: '#c13584', mark: 'camera', link: 'https://www.instagram.com/' },
    { name: 'youtube', alt: 'YouTube', color: '#ff0000', mark: 'play', link: 'https://www.youtube.com/' },
  ],
  googleMapLink: 'https://www.google.com/maps?q=100+George+Street+Sydney&output=embed',
} as const;

/**
 * The blog's first posts (issue 20): short, dated in the past, on every country site, with a cover drawn like the
 * services' pictures (`picture` is the service scene: 0 study abroad, 1 test preparation, 2 visas).
 */
export const DEMO_POSTS = [
  {
    title: 'Student visa changes for 2027 intakes',
    excerpt:
      'Higher savings requirements, a new English test list and earlier deadlines: what the 2027 intakes mean for your application.',
    tags: ['Student visas', 'Australia'],
    daysAgo: 21,
    picture: 2,
    body_html:
      '<p>Several destinations have announced changes that apply to courses starting in 2027. None of them should stop a well-prepared student, but they reward planning early.</p>' +
      '<h2>What changes</h2><ul><li><strong>Savings:</strong> the funds you must show for living costs rise with inflation each year; check the figure on the day you apply, not the day you start saving.</li>' +
      '<li><strong>English tests:</strong> the list of accepted tests and the scores for each are reviewed; an older result may not count.</li>' +
      '<li><strong>Deadlines:</strong> universities close offers earlier for popular courses, so the visa has less time.</li></ul>' +
      '<h2>What to do now</h2><p>Book your English test at least four months before your course starts, keep your bank statements continuous, and send complete documents the first time.</p>' +
      '<p>Official rules change; always confirm with the <a href="https://immi.homeaffairs.gov.au/" target="_blank">Department of Home Affairs</a> or talk to one of our counsellors.</p>',
  },
  {
    title: 'Five IELTS writing tips that raise your band',
    excerpt: 'Task 2 is worth twice Task 1. Five habits examiners reward, with what to practise each week.',
    tags: ['IELTS', 'Test preparation'],
    daysAgo: 12,
    picture: 1,
    body_html:
      '<p>Most candidates who miss their target band lose it in Writing. These five habits make the biggest difference in our classes.</p>' +
      '<ol><li><strong>Answer the question asked.</strong> Underline every part of the prompt and make sure each gets a paragraph.</li>' +
      '<li><strong>Plan for five minutes.</strong> A clear position and two main ideas beat a long essay that wanders.</li>' +
      '<li><strong>Give Task 2 forty minutes.</strong> It carries twice the marks of Task 1.</li>' +
      '<li><strong>Use linking words naturally.</strong> “However” and “as a result” help; a list of memorised phrases does not.</li>' +
      '<li><strong>Leave three minutes to check.</strong> Articles, plurals and verb tenses are easy marks to recover.</li></ol>' +
      '<blockquote><p>Write one Task 2 essay a week and have it marked: practice without feedback repeats the same mistakes.</p></blockquote>',
  },
  {
    title: 'Canada Express Entry: how CRS draws work',
    excerpt:
      'What the Comprehensive Ranking System score measures, why cut-offs move, and how category-based draws change the picture.',
    tags: ['Canada', 'Express Entry'],
    daysAgo: 5,
    picture: 0,
    body_html:
      '<p>Express Entry ranks every candidate in the pool with a <strong>Comprehensive Ranking System</strong> (CRS) score out of 1,200. Immigration, Refugees and Citizenship Canada then invites the highest-ranked candidates in regular draws.</p>' +
      '<h2>What the score is made of</h2><ul><li>Core factors: age, education, official languages and Canadian work experience.</li>' +
      '<li>Spouse or partner factors, when they come with you.</li><li>Skill transferability: combinations such as strong English with foreign work experience.</li>' +
      '<li>Additional points: a provincial nomination (600), French ability, a sibling in Canada or Canadian study.</li></ul>' +
      '<h2>Why the cut-off moves</h2><p>Each draw invites a set number of candidates, so the cut-off depends on who is in the pool that week. Category-based draws (healthcare, trades, French speakers) invite candidates with lower scores when they match the category.</p>' +
      '<p>Estimate your score with our CRS calculator, then ask us which improvements are realistic for you.</p>',
  },
] as const;

/**
 * The Inbox's first reply templates (decision 046), the same on every country site of the demo: the answers a
 * counsellor writes most (first contact, a consultation, class times, a visa's documents). `{first_name}` and
 * `{branch}` are filled in from the lead; where a lead has no branch the word goes with the space before it.
 */
export const DEMO_REPLY_TEMPLATES = [
  {
    name: 'First reply: next steps',
    subject: 'Your enquiry: next steps',
    body: [
      'Dear {first_name},',
      'Thank you for getting in touch with our {branch} team. A counsellor has read your enquiry and will call you within one working day to talk through your plans.',
      'To make the most of that call, please have these to hand:\n- your latest academic transcripts and certificates\n- your passport\n- any English test results (IELTS, PTE or TOEFL)',
      'If a particular day or time suits you best, simply reply to this e-mail.',
      'Kind regards,\nThe {branch} team',
    ].join('\n\n'),
  },
  {
    name: 'Free consultation',
    subject: 'Book your free consultation',
    body: [
      'Dear {first_name},',
      'Our first consultation is free and takes about 45 minutes, at the branch, by phone or by video call, whichever suits you.',
      'We will look at your study or migration goals, the courses and pathways that fit your background and budget, and the timeline to your intake or application.',
      'Reply with two or three times that work for you this week or next, and we will confirm one with a calendar invitation.',
      'Kind regards,\nThe {branch} team',
    ].join('\n\n'),
  },
  {
    name: 'IELTS and PTE classes',
    subject: 'IELTS and PTE class times',
    body: [
      'Dear {first_name},',
      'Thank you for your interest in our test preparation classes. We run IELTS and PTE courses in small groups:\n- weekday mornings, 7:00–9:00\n- weekday evenings, 17:30–19:30\n- Saturdays, 10:00–14:00',
      'Each course lasts six weeks and includes a full mock test in week three and week six. Before you join, we offer a free placement test so you start in the right group.',
      'Reply with the time that suits you and we will hold a seat for you.',
      'Kind regards,\nThe {branch} team',
    ].join('\n\n'),
  },
  {
    name: 'Student visa documents',
    subject: 'Documents for your student visa',
    body: [
      'Dear {first_name},',
      'Here is what a student visa application usually needs. Your counsellor will confirm the exact list for your course and destination.',
      '- a valid passport\n- the offer letter or confirmation of enrolment from your institution\n- academic transcripts and certificates\n- English test results\n- evidence of funds for tuition and living costs\n- a statement of purpose\n- health insurance for the length of your stay',
      'Scans are fine to start with; we will tell you which documents need certified copies or translations.',
      'Kind regards,\nThe {branch} team',
    ].join('\n\n'),
  },
] as const;
