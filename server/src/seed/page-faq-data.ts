import type { SiteFaq } from '../../../shared/site-content.js';
import type { SitePageName } from './page-content-data.js';

/**
 * The starting FAQ of the service pages: the questions visitors ask a counsellor first. Like the page text, the
 * answers explain how things work and send visitors to the official sources and to a counsellor for their own case;
 * they never promise an outcome. Staff edit them in the page's text screen.
 */
export const PAGE_FAQS: Partial<Record<SitePageName, SiteFaq[]>> = {
  'Study in Australia': [
    {
      question: 'When should I start preparing to study in Australia?',
      answer:
        'About a year before your course starts is comfortable: most intakes are in February and July, and you need time for the English test, the offer, the Confirmation of Enrolment and the visa.',
    },
    {
      question: 'Can I work while I study?',
      answer:
        'Student visa holders can work a limited number of hours per fortnight during the course and more in scheduled breaks. The limit has changed in recent years, so we check the current figure with you.',
    },
    {
      question: 'How much money do I need to show?',
      answer:
        'Enough for tuition, living costs and travel for your first year. The Department of Home Affairs publishes the current amounts; we go through your documents with you before you apply.',
    },
  ],
  'Study in Canada': [
    {
      question: 'What is a designated learning institution?',
      answer:
        'A college or university approved by a province to host international students. Only an offer from one of them can support a study permit application.',
    },
    {
      question: 'Do I need a provincial attestation letter?',
      answer:
        'Most new study permit applicants do. Your institution requests it for you once you accept the offer; we tell you what to expect for your course and province.',
    },
    {
      question: 'Can I stay in Canada after graduating?',
      answer:
        'Many graduates apply for a Post-Graduation Work Permit, and Canadian study and work experience can count towards permanent residence later. Eligibility depends on your programme, so we check it before you choose.',
    },
  ],
  'Study in UK': [
    {
      question: 'How long are degrees in the UK?',
      answer:
        "Most bachelor's degrees take three years (four in Scotland) and many master's degrees one year, which keeps the total cost of study down.",
    },
    {
      question: 'What is a CAS?',
      answer:
        'The Confirmation of Acceptance for Studies: a reference number your university gives you once you have an unconditional offer and have met its conditions. You need it to apply for the Student visa.',
    },
    {
      question: 'Can I work after my degree?',
      answer:
        'The Graduate route lets eligible graduates stay and work for a period after their course. Its rules are under review, so we check the current position when you plan.',
    },
  ],
  'IELTS Preparation Classes': [
    {
      question: 'Academic or General Training: which IELTS do I need?',
      answer:
        'Universities ask for Academic. Migration and some work visas accept General Training. Check what your institution or visa asks for; we help you if you are unsure.',
    },
    {
      question: 'How long does the preparation take?',
      answer:
        'It depends on where you start and the band you need. After a free placement test your trainer suggests a plan; many students take four to eight weeks of classes.',
    },
    {
      question: 'Do you run mock tests?',
      answer:
        'Yes, under exam conditions, with feedback on writing and speaking from a trainer so you know what to work on before the real test.',
    },
  ],
  'PTE Preparation Classes': [
    {
      question: 'Is PTE accepted for my visa or university?',
      answer:
        'PTE Academic is accepted for Australian visas and by most Australian universities, and by many institutions elsewhere. Check your institution or visa first; we can help you read the requirements.',
    },
    {
      question: 'How soon do I get my PTE results?',
      answer: 'Usually within a few working days of the test, which helps when a deadline is close.',
    },
    {
      question: 'Can I practise on the computer before the test?',
      answer:
        'Yes. PTE is taken entirely on a computer, so our classes use scored practice tests in the same format, with a trainer going through the tricky item types.',
    },
  ],
  'Student Visa': [
    {
      question: 'How long does a student visa take?',
      answer:
        'Processing times vary with the course, your country and how complete the application is. The Department of Home Affairs publishes current times; a complete, honest application avoids most delays.',
    },
    {
      question: 'Can my family come with me?',
      answer:
        'Partners and children can often be included as family members on a student visa, with their own health cover and funds. We check your situation before you apply.',
    },
    {
      question: 'What if my visa is refused?',
      answer:
        'Read the decision letter carefully: it says why and whether you can ask for a review. Talk to a registered migration agent before you apply again.',
    },
  ],
  'Post Study Work': [
    {
      question: 'Who can apply for the post-study work stream?',
      answer:
        'Recent graduates of an eligible Australian degree who meet the age, English and study requirements. The rules change from time to time, so we check yours against the current ones.',
    },
    {
      question: 'How long can I stay?',
      answer:
        'The length depends on your qualification and where you studied. We tell you the period that applies to you before you apply.',
    },
  ],
  'subclass 189': [
    {
      question: 'Do I need an invitation to apply?',
      answer:
        'Yes. You lodge an expression of interest in SkillSelect and can only apply once invited. Invitations go to the highest-ranked candidates in each round.',
    },
    {
      question: 'How are points counted?',
      answer:
        'For age, English, skilled work, qualifications and a few other factors. Our Eligibility page has a points calculator to give you an idea before you talk to us.',
    },
  ],
  'subclass 190': [
    {
      question: 'How is subclass 190 different from 189?',
      answer:
        'A state or territory nominates you, which adds points, and you agree to live there for a time. Each state has its own occupation lists and conditions.',
    },
    {
      question: 'Which state should I choose?',
      answer:
        'The one whose list includes your occupation and whose conditions you can meet, and where you would like to live. We compare the options with you.',
    },
  ],
  'Tourist Stream': [
    {
      question: 'How long can I visit for?',
      answer: 'Up to three, six or twelve months, as the visa grants. Ask for the stay you need and show why.',
    },
    {
      question: 'What helps a visitor visa application?',
      answer:
        'Evidence that you can pay for the trip and that you will return home: your work, study, family and property ties. We check your documents before you apply.',
    },
  ],
  'Health Insurance': [
    {
      question: 'Why do I need Overseas Student Health Cover?',
      answer:
        'It is a condition of the Australian student visa: you must hold it for your whole stay, and for family members on your visa too.',
    },
    {
      question: 'Can you arrange it for me?',
      answer:
        'Yes. Tell us your course dates and who is coming, and we compare the approved providers and arrange the policy with you.',
    },
  ],
  'Professional Year': [
    {
      question: 'What is the Professional Year?',
      answer:
        'A structured programme for recent graduates in accounting, IT and engineering that combines study with an internship in an Australian workplace.',
    },
    {
      question: 'Does it give me migration points?',
      answer:
        'Completing an approved Professional Year in your nominated occupation can add points to a skilled visa application. We check it counts for your occupation first.',
    },
  ],
  'Migrate To Canada': [
    {
      question: 'What is Express Entry?',
      answer:
        "Canada's online system for its main skilled immigration programmes. You create a profile, get a score, and the highest-ranked candidates are invited to apply.",
    },
    {
      question: 'How can I raise my score?',
      answer:
        'Better language results, a second official language, a provincial nomination or more skilled work all add points. Our Eligibility page estimates your score.',
    },
  ],
  Eligibility: [
    {
      question: 'Is the result a decision?',
      answer:
        'No. The checker estimates your points from the official tables so you know where you stand; a registered agent checks your documents before you rely on it.',
    },
    {
      question: 'Do you keep what I enter?',
      answer:
        'Only if you ask a counsellor to check your result: then we keep your answers with your enquiry. The privacy policy says how long and how to have them removed.',
    },
  ],
};
