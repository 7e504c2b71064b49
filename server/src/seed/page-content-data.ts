import { PRODUCT_NAME } from '../../../shared/brand.js';
import type { SITE_PAGES } from '../../../shared/site-pages.js';
import type { SitePageContent } from '../../../shared/site-content.js';

/** A page's name in the `pages` table (its navigation label). */
export type SitePageName = (typeof SITE_PAGES)[number]['name'];

/**
 * Writes a body in the SitePageContent format ("## " subheadings, "- " list lines, blank-line paragraphs) as an
 * indented template literal: the common indentation and the surrounding blank lines are removed.
 */
function text(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.map((part, index) => part + (index < values.length ? String(values[index]) : '')).join('');
  const lines = raw.split('\n');
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length));
  return lines
    .map((line) => line.slice(indent).trimEnd())
    .join('\n')
    .trim();
}

/**
 * The starting text of every public page, written for prospective students and their families. Rules and figures
 * change often, so the text explains how things work and points to the official sites for current figures; it
 * never promises an outcome. Staff edit the text later (page.updateContent); this is only a new site's start.
 */
export const PAGE_CONTENT: Record<SitePageName, SitePageContent> = {
  Home: {
    heading: 'Study abroad and migration advice you can trust',
    summary:
      'Honest advice on studying abroad, IELTS and PTE preparation, visas and migration, from counsellors who guide you from the first question to arrival.',
    body: text`
      ## How we help
      Choosing a course, a country and a visa is a big decision. Our counsellors listen to your goals, explain your options in plain language and help you prepare an application that is complete and accurate.

      - Study abroad: choosing a course and institution in Australia, Canada or the UK, and applying for admission
      - Test preparation: IELTS and PTE classes with practice tests and feedback
      - Visas: student, graduate, skilled, regional and visitor visas
      - Migration: skilled and family pathways, and Canada's Express Entry and provincial programs
      - Health insurance: Overseas Student Health Cover for your student visa

      ## Why students choose us
      We give advice based on your situation, not on a sales target. We tell you what an application needs, what it costs and what could make it harder, so you can decide with confidence. Visa advice for Australia is given by registered migration agents.

      ## What to expect
      Your first conversation is about you: your studies so far, your English, your budget and your plans after graduation. From there we suggest realistic options and a step-by-step plan. No adviser can guarantee a visa or an admission offer, but careful preparation makes a real difference.

      ## Get started
      Send us an enquiry or book an appointment with your nearest branch. Bring your academic documents, passport and any English test results, and we will take it from there.
    `,
  },

  'About Us': {
    heading: 'About Us',
    summary:
      'Education and migration counsellors with branches in several countries, helping students and families plan their studies and their move abroad.',
    body: text`
      ## Who we are
      ${PRODUCT_NAME} is an education and migration consultancy with branches in Australia and Nepal and country sites for Canada and other destinations. We help students choose the right course, prepare for English tests, apply for visas and settle into life in a new country.

      ## What we believe
      - Honest advice: we explain your real options, including the ones that cost you less or take longer
      - Clear information: we tell you what each step needs and where the official rules are published
      - Your interests first: the right course for you matters more than any particular institution
      - Privacy: your documents and personal details are used only for your application

      ## Qualified advice
      Immigration assistance for Australia may only be given by registered migration agents or Australian legal practitioners. Our agents' registration numbers are shown with their profiles below, and you can check any agent on the public register of the Office of the Migration Agents Registration Authority (OMARA).

      ## Experience you can rely on
      Our counsellors have studied, worked and migrated abroad themselves. They speak several languages and know the questions students and parents ask, from choosing between universities to finding accommodation and part-time work.

      ## Working with us
      We start with a conversation about your goals, then agree on a plan and the documents you need. We keep you informed at every step and answer your questions along the way. Visa and admission decisions are made by governments and institutions, not by us, and we will always tell you honestly how strong your application looks.
    `,
  },

  Blog: {
    heading: 'Blog',
    summary:
      'News, guides and tips on studying abroad, English tests, visas and migration, written by our counsellors.',
    body: text`
      ## News and guides from our counsellors
      Rules for student visas and migration change often, and the details matter. On this page our counsellors share practical guides, answers to common questions and news that affects students and families planning to move abroad.

      ## What you will find here
      - Step-by-step guides to applying for admission and student visas
      - Tips for preparing for IELTS and PTE, including common mistakes in speaking and writing
      - Explanations of changes to visa rules and what they mean in practice
      - Stories from students about settling in, finding part-time work and making friends
      - Checklists for documents, health insurance and pre-departure planning

      ## Always check the official source
      Our articles explain how things work at the time of writing. Fees, thresholds and processing times change, so always confirm current figures on the official government or institution website before you apply, or ask one of our counsellors to check your situation.

      ## Have a question we have not covered?
      Send us an enquiry. Common questions often become our next article, and a counsellor will reply to you directly.
    `,
  },

  Gallery: {
    heading: 'Gallery',
    summary: 'Photos and videos from our offices, student events, information sessions and graduations.',
    body: text`
      ## Moments from our community
      Every year we meet students at information sessions, education fairs, pre-departure briefings and graduation celebrations. This gallery shares some of those moments, along with videos that answer questions students often ask.

      ## What you will see
      - Education fairs where students meet representatives of universities and colleges
      - Pre-departure sessions on packing, arrival, accommodation and part-time work
      - IELTS and PTE classes and practice test days
      - Students celebrating offers, visa grants and graduations
      - Short videos about studying and living abroad

      ## Join our next event
      Our branches run free information sessions and workshops during the year. They are a good way to ask questions in person and hear from students who have already made the move. Send us an enquiry to hear about upcoming events near you.

      ## Your privacy
      We publish photos of students only with their consent. If you appear in a photo and would like it removed, please contact your nearest branch and we will take it down.
    `,
  },

  'Contact Us': {
    heading: 'Contact Us',
    summary: 'Visit, call or write to one of our branches, or send us a message with the form on this page.',
    body: text`
      ## Talk to a counsellor
      Whether you are just starting to think about studying abroad or already have an offer letter, we are happy to help. Choose the branch nearest to you below, or send a message with the form and the right person will reply.

      ## What to include in your message
      - What you would like to do: study, an English test, a visa, migration or health insurance
      - Your highest qualification and when you completed it
      - Any English test results (IELTS, PTE or similar) and their dates
      - The country and intake you are interested in, if you know it
      - The best way and time to contact you

      ## Visiting a branch
      Walk-ins are welcome, but an appointment means a counsellor will be free to spend time with you. Please bring your passport, academic transcripts and certificates, and any previous visa or refusal letters. Copies are fine for a first meeting.

      ## Your information
      We use the details you send only to answer your enquiry and to help with your application. We do not sell your information or share it with institutions without your agreement.
    `,
  },

  'Book an Appointment': {
    heading: 'Book an Appointment',
    summary:
      'Book a one-to-one session with a counsellor, in person or online, to talk through your study, visa or migration plans.',
    body: text`
      ## A session about your plans
      An appointment gives you time with a counsellor who will look at your background, answer your questions and suggest realistic next steps. Sessions can be held at a branch or online.

      ## How to prepare
      - Your passport
      - Academic transcripts and certificates, including your most recent studies
      - English test results, if you have taken a test
      - Your work history and any employment references
      - Details of any previous visa applications or refusals, for any country
      - A rough budget for tuition and living costs

      ## What happens in the session
      We talk about your goals and check your documents. We then explain the options that suit your profile, what each one requires and roughly how long it takes. You leave with a list of next steps and the documents to gather. If your question needs immigration advice for Australia, a registered migration agent will handle it.

      ## Before you come
      Please tell us if you need to change or cancel, so we can offer the time to another student. If you are not sure which service you need, choose the closest match in the form below and add a comment.
    `,
  },

  Enquiry: {
    heading: 'Send an Enquiry',
    summary: 'Tell us what you are planning and a counsellor from your nearest branch will get back to you.',
    body: text`
      ## Ask us anything
      Use the form on this page to ask about studying abroad, English tests, visas, migration or health insurance. Choose the branch nearest to you and a counsellor from that branch will reply.

      ## Helpful details to add
      - The country and level of study you are considering
      - Your most recent qualification and grades
      - Your English test scores, if any
      - When you would like to start
      - Any deadline you are working to, such as a visa expiry date

      ## What happens next
      A counsellor reads your message and replies by email or phone, usually within one or two working days. If your question needs a closer look, we will suggest an appointment. Sending an enquiry is free and does not commit you to anything.

      ## Urgent visa matters
      If your visa is about to expire or you have received a letter from an immigration department with a deadline, say so in your message so we can prioritise it. Always respond to an official deadline on time, even while you seek advice.
    `,
  },

  'Study in Australia': {
    heading: 'Study in Australia',
    summary:
      'Universities, vocational colleges and English schools across Australia: how to choose a course, apply, and get a student visa.',
    body: text`
      ## Why Australia
      Australia has internationally recognised universities, practical vocational education and a welcoming, multicultural way of life. International students can usually work part-time during their course, and many graduates can stay on to gain work experience with a temporary graduate visa.

      ## Types of study
      - Higher education: bachelor's, master's and doctoral degrees at universities and other higher education providers
      - Vocational education and training (VET): certificates and diplomas at TAFE institutes and private colleges
      - English language courses (ELICOS), often as a pathway into a degree
      - Foundation and pathway programs for students who need extra preparation

      Every course offered to student visa holders must be registered on CRICOS, the Commonwealth Register of Institutions and Courses for Overseas Students.

      ## Intakes
      Most universities have main intakes in February and July, and some offer more start dates. Apply several months ahead, as admission and visa processing take time.

      ## What you need
      - An offer and then a Confirmation of Enrolment (CoE) from a CRICOS-registered provider
      - English test results that meet the course and visa requirements
      - Evidence that you can pay for tuition, living costs and travel
      - Overseas Student Health Cover (OSHC) for your whole stay
      - A student visa (subclass 500)

      ## Costs
      Tuition depends on the course and the institution. The government sets the minimum living costs a student must be able to show; check the current figure on the Department of Home Affairs website. We help you compare courses and build a realistic budget.
    `,
  },

  'Study in Canada': {
    heading: 'Study in Canada',
    summary:
      'Colleges and universities across Canada: choosing a designated learning institution, getting a study permit and planning what comes after.',
    body: text`
      ## Why Canada
      Canada offers high-quality education in safe, diverse cities, with the chance to gain Canadian work experience after graduation. Colleges focus on practical, career-oriented programs, while universities offer degrees and research.

      ## Choosing a school and program
      To study in Canada for more than six months you need a letter of acceptance from a designated learning institution (DLI). Not every program leads to a post-graduation work permit, so check a program's eligibility before you accept an offer if working after your studies matters to you.

      ## The study permit
      - A letter of acceptance from a DLI
      - A provincial or territorial attestation letter (PAL/TAL) for most applicants, issued by the province where you will study
      - Proof that you can pay tuition, living costs and travel; check the current amount on the Immigration, Refugees and Citizenship Canada (IRCC) website
      - Biometrics (fingerprints and photo) and, where required, a medical exam
      - A clear explanation of your study plan

      ## Intakes
      The main intake is September, with January and sometimes May intakes at many colleges. Popular programs fill early, so start preparing a year ahead where you can.

      ## Working while you study
      Eligible students can work part-time off campus during academic sessions and full-time during scheduled breaks. The weekly hour limit has changed in recent years, so check the current rule on the IRCC website.

      ## Life after graduation
      A post-graduation work permit can let eligible graduates gain Canadian experience, which counts in programs such as Express Entry. We help you plan your studies with that path in mind.
    `,
  },

  'Study in UK': {
    heading: 'Study in the UK',
    summary:
      'Universities and colleges in the United Kingdom: shorter degrees, world-known institutions and the Student visa explained.',
    body: text`
      ## Why the United Kingdom
      The UK is home to some of the world's oldest and best-known universities. Many bachelor's degrees take three years (four in Scotland) and many taught master's degrees take one year, which can lower the total cost of your studies.

      ## Applying for admission
      Undergraduate applications usually go through UCAS, while postgraduate applications normally go directly to the university. Once you accept an unconditional offer and meet its conditions, the university issues a Confirmation of Acceptance for Studies (CAS), which you need for your visa.

      ## The Student visa
      - A CAS from a licensed student sponsor
      - English at the required level, for example through an approved Secure English Language Test where the university asks for one
      - Enough money for tuition and living costs, held for the required period; check the current amounts on GOV.UK
      - A tuberculosis test if you are applying from a listed country
      - Payment of the Immigration Health Surcharge, which gives access to the National Health Service

      Most students on taught courses can no longer bring family members as dependants; the rules differ for research degrees, so check GOV.UK for your situation.

      ## Intakes
      The main intake is September or October, and many universities also offer a January start.

      ## After your degree
      The Graduate route lets eligible graduates stay and work in the UK for a period after their studies. Its length and conditions are set by the Home Office and may change, so check the current rules before you plan around it.
    `,
  },

  'IELTS Preparation Classes': {
    heading: 'IELTS Preparation Classes',
    summary:
      'Prepare for IELTS Academic or General Training with experienced teachers, practice tests and personal feedback on your writing and speaking.',
    body: text`
      ## About IELTS
      The International English Language Testing System (IELTS) is accepted by universities, employers and immigration authorities in many countries. It tests listening, reading, writing and speaking, and each skill receives a band score from 0 to 9.

      - IELTS Academic: for university study and professional registration
      - IELTS General Training: for work, some vocational study and migration
      - IELTS for UKVI: for some UK visa applications

      You can take the test on paper or on computer; the speaking test is always a conversation with an examiner.

      ## Our classes
      - A placement test so we know where to start
      - Small groups with time for every student to speak
      - Strategies for each task type, including time management
      - Writing tasks marked against the official band descriptors, with written feedback
      - One-to-one speaking practice that simulates the real test
      - Full practice tests under exam conditions

      ## Which score do you need?
      Each university, course and visa sets its own minimum, often with a minimum for each skill as well as an overall score. Check the exact requirement with your institution or the immigration authority before you book your test, and plan for time to resit if needed.

      ## Class times
      We run weekday, evening and weekend classes at our branches. Send us an enquiry to find the next start date and to book a free placement test.
    `,
  },

  'PTE Preparation Classes': {
    heading: 'PTE Preparation Classes',
    summary:
      'Get ready for the computer-based PTE Academic test with practice on every task type, scored mock tests and feedback from our teachers.',
    body: text`
      ## About PTE Academic
      The Pearson Test of English (PTE) Academic is a computer-based English test taken in a single session of about two hours. It assesses speaking, writing, reading and listening, and many tasks test two skills at once. Scores are reported on a scale of 10 to 90, and results usually arrive within a few days.

      PTE Academic is accepted by many universities and for many visa applications. Always check that the institution or visa you are applying for accepts PTE, and which version of the test it needs.

      ## Our classes
      - A diagnostic test to find your strengths and weak points
      - Practice with every task type, from read aloud to summarise written text
      - Techniques for speaking clearly into a microphone at a steady pace
      - Scored mock tests under timed conditions
      - Feedback on templates and strategies, so you use them well rather than mechanically
      - Practice on computers similar to those in the test centre

      ## Tips from our teachers
      - Learn the exact timing of each task so nothing surprises you
      - Speak naturally; long pauses and hesitation cost more than small mistakes
      - Check spelling in written tasks, as it affects your score
      - Take a full practice test before you book the real one

      ## Join a class
      We offer weekday, evening and weekend classes, and one-to-one coaching. Send us an enquiry to find the next start date.
    `,
  },

  'Student Visa': {
    heading: 'Student Visa (Subclass 500)',
    summary:
      "What Australia's student visa requires, how to prepare a complete application, and how we help from offer letter to visa decision.",
    body: text`
      ## About the visa
      The Student visa (subclass 500) lets you study full-time in a registered course in Australia. It usually lasts for the length of your course plus a short period afterwards. Family members can sometimes be included in your application.

      ## Main requirements
      - A Confirmation of Enrolment (CoE) for a CRICOS-registered course
      - Meeting the Genuine Student requirement: showing that you intend to study and that the course suits your background and plans
      - English language ability, where required for your situation
      - Evidence of enough money for tuition, living costs and travel; check the current amounts on the Department of Home Affairs website
      - Overseas Student Health Cover (OSHC) for the whole of your visa
      - Health and character requirements
      - A welfare arrangement if you are under 18

      ## Working while you study
      Student visa holders can work a limited number of hours per fortnight while their course is in session and more during scheduled breaks. The limit has changed in recent years, so check the current figure before you take on a job.

      ## How we help
      We check your documents against the requirements, help you explain your study plans clearly and honestly, and lodge the application online. We also prepare you for what happens after the grant, such as keeping your enrolment and address up to date. The decision belongs to the Department of Home Affairs; a complete, truthful application gives it the best chance.
    `,
  },

  'Post Study Work': {
    heading: 'Post Study Work: Temporary Graduate Visa (Subclass 485)',
    summary:
      'After a degree in Australia, the Temporary Graduate visa can let you stay and work for a period. Here is how the higher education stream works.',
    body: text`
      ## About the stream
      The Temporary Graduate visa (subclass 485) lets international students who have recently completed study in Australia live, study and work there temporarily. The stream for graduates of a bachelor's degree or higher (formerly called the Post-Study Work stream, now the Post-Higher Education Work stream) does not require a skills assessment or a link to a particular occupation.

      ## Main requirements
      - A bachelor's, master's or doctoral degree completed in Australia, meeting the Australian study requirement
      - Holding an eligible visa when you apply, usually your student visa
      - Applying within the required time after completing your course
      - Meeting the age limit and the English language requirement; check the current settings on the Department of Home Affairs website
      - Health insurance, and health and character requirements

      ## How long you can stay
      The length of stay depends on your qualification and sometimes on where you studied. These periods have changed several times, so check the current figures before you plan.

      ## Making the most of it
      Many graduates use this time to gain skilled work experience, improve their English score or prepare for a skills assessment, all of which can matter for later skilled visa applications.

      ## How we help
      We check your eligibility and deadlines, help you collect your completion letter, transcripts and English results, and lodge your application on time. Applying late or without the right documents can mean losing the opportunity, so talk to us before your course ends.
    `,
  },

  'Graduate Work Subclass': {
    heading: 'Graduate Work: Temporary Graduate Visa (Subclass 485)',
    summary:
      'For vocational graduates in Australia: the Temporary Graduate visa stream linked to an occupation, its skills assessment and key requirements.',
    body: text`
      ## About the stream
      This Temporary Graduate visa (subclass 485) stream, previously called the Graduate Work stream and now the Post-Vocational Education Work stream, is for international students who completed a diploma, advanced diploma or trade qualification in Australia. It lets you stay and work temporarily in an occupation related to your studies.

      ## Main requirements
      - A qualification completed in Australia that is closely related to an occupation on the relevant occupation list
      - A skills assessment for that occupation from the relevant assessing authority
      - Meeting the Australian study requirement
      - Holding an eligible visa when you apply, usually your student visa
      - Applying within the required time after completing your course
      - Meeting the age limit and English language requirement; check the current settings on the Department of Home Affairs website
      - Health insurance, and health and character requirements

      ## Planning ahead
      Skills assessments can take time and often need documents from your college and employer, so start early. Make sure your course is closely related to the occupation you nominate, as this is checked carefully.

      ## How we help
      We help you choose the right occupation for your qualification, prepare your skills assessment application, and lodge your visa application before your deadline. We will also explain how this visa can fit into a longer plan, such as gaining experience for a skilled visa. No visa outcome can be guaranteed, but we make sure your application is complete and accurate.
    `,
  },

  'Recognized Work Subclass': {
    heading: 'Recognised Graduate Visa (Subclass 476)',
    summary:
      'For recent engineering graduates of recognised institutions: a temporary visa to live, work or study in Australia and gain experience.',
    body: text`
      ## About the visa
      The Skilled—Recognised Graduate visa (subclass 476) lets recent engineering graduates from specified overseas institutions live, work or study in Australia for a limited time. It suits graduates who did not study in Australia and so cannot use the Temporary Graduate visa (subclass 485).

      ## Main requirements
      - A recently completed engineering degree (bachelor's or higher) from an institution on the list of recognised institutions for this visa
      - Meeting the age limit at the time you apply
      - English language at the required level
      - Applying within the required time after completing your degree
      - Health and character requirements

      The list of recognised institutions, the age limit and the other settings are published by the Department of Home Affairs; check the current details before you apply.

      ## Using your time in Australia
      Many graduates use this visa to gain Australian engineering experience, improve their English score and prepare a skills assessment with Engineers Australia. That experience can help if you later apply for a skilled visa.

      ## How we help
      We check whether your institution and degree qualify, help you gather your academic records and English results, and prepare a complete application. If this visa does not fit your situation, we will explain the alternatives, such as studying in Australia or a skilled visa.
    `,
  },

  'subclass 189': {
    heading: 'Skilled Independent Visa (Subclass 189)',
    summary:
      "Australia's points-tested permanent visa for skilled workers who are invited without a sponsor: how the points test and invitations work.",
    body: text`
      ## About the visa
      The Skilled Independent visa (subclass 189) is a permanent visa for invited skilled workers who do not have a sponsor, a state or territory nomination or a family nomination. It lets you live, work and study anywhere in Australia and can lead to citizenship.

      ## How it works
      - Choose an occupation on the relevant skilled occupation list for this visa
      - Get a positive skills assessment for that occupation
      - Submit an Expression of Interest (EOI) in SkillSelect, claiming your points
      - Wait for an invitation to apply; invitations go to the highest-ranked candidates in each round
      - Lodge your visa application within the time allowed after the invitation

      ## Points and requirements
      Points are awarded for age, English ability, skilled work experience, qualifications, Australian study, a partner's skills and other factors. You must meet the pass mark, but invitation rounds are competitive and often need more. You must also be under the age limit when invited, meet health and character requirements, and have at least competent English. Check the current pass mark and occupation list on the Department of Home Affairs website.

      ## Improving your chances
      A higher English score, more skilled work experience, a Professional Year or a credentialed community language can add points. We help you calculate your points accurately and see which improvements are realistic for you.

      ## How we help
      We check your occupation and skills assessment, prepare an accurate EOI, and lodge your visa application with the right evidence. Claiming points you cannot prove can lead to refusal, so we check every claim with you. No invitation or grant can be guaranteed.
    `,
  },

  'subclass 190': {
    heading: 'Skilled Nominated Visa (Subclass 190)',
    summary:
      'A permanent skilled visa for workers nominated by an Australian state or territory government: how nomination works and what it asks of you.',
    body: text`
      ## About the visa
      The Skilled Nominated visa (subclass 190) is a permanent visa for skilled workers who are nominated by an Australian state or territory government. It has the same permanent rights as the subclass 189, and the nomination adds points to your score.

      ## How it works
      - Choose an occupation on the relevant list and on the nominating state's own list
      - Get a positive skills assessment
      - Submit an Expression of Interest in SkillSelect and choose the state or territory
      - Apply for nomination if the state asks you to; each state has its own criteria
      - After nomination and invitation, lodge your visa application within the time allowed

      ## State criteria
      Each state and territory decides which occupations it needs and sets its own rules, which may include living or working in the state, a minimum English score or a job offer. These rules change often, sometimes several times a year, so always check the state's official migration website.

      ## Your commitment
      States nominate people who intend to live and work there. You should expect to live in the nominating state for the period it asks for; check the state's current expectations before you accept a nomination.

      ## Requirements and points
      You must meet the points test pass mark (nomination adds points), be under the age limit when invited, have at least competent English, and meet health and character requirements. Check the current figures on the Department of Home Affairs website.

      ## How we help
      We compare the states' lists and criteria with your profile, prepare your EOI and nomination application, and lodge your visa application. Nomination and grant are decided by governments; we make sure your application is accurate and complete.
    `,
  },

  'State or Territory': {
    heading: 'Skilled Work Regional Visa (Subclass 491): State or Territory Nominated',
    summary:
      'A provisional visa to live and work in regional Australia when nominated by a state or territory, with a pathway to permanent residence.',
    body: text`
      ## About the visa
      The Skilled Work Regional (Provisional) visa (subclass 491) is a five-year visa for skilled workers who want to live and work in designated regional areas of Australia. In this stream you are nominated by a state or territory government agency.

      ## What it offers
      - Live, work and study in a designated regional area
      - Extra points in the points test from the nomination
      - Travel to and from Australia while the visa is valid
      - A pathway to permanent residence through the Permanent Residence (Skilled Regional) visa (subclass 191)

      ## How it works
      - Choose an occupation on the relevant list and on the state's regional list
      - Get a positive skills assessment
      - Submit an Expression of Interest in SkillSelect selecting this visa and the state
      - Apply for nomination if the state requires it, then wait for an invitation
      - Lodge your visa application within the time allowed

      ## Requirements
      You must meet the points test pass mark, be under the age limit when invited, have at least competent English, and meet health and character requirements. Each state sets its own nomination rules, which change often, so check both the Department of Home Affairs website and the state's migration website.

      ## Living in a regional area
      You must live, work and study only in designated regional areas while you hold the visa. Keep records of where you live and work and of your income, as you will need them for permanent residence later.

      ## How we help
      We compare regional options with your occupation and plans, prepare your EOI and nomination application, and lodge your visa. Decisions rest with the state and the Department; we make sure your application is complete.
    `,
  },

  'Family Sponsored': {
    heading: 'Skilled Work Regional Visa (Subclass 491): Family Sponsored',
    summary:
      'A provisional regional visa for skilled workers sponsored by an eligible relative living in a designated regional area of Australia.',
    body: text`
      ## About the visa
      The Skilled Work Regional (Provisional) visa (subclass 491) can also be sponsored by an eligible family member instead of a state or territory. It lets you live, work and study in designated regional areas of Australia for up to five years, with a pathway to permanent residence.

      ## Who can sponsor you
      Your sponsor must be an Australian citizen, permanent resident or eligible New Zealand citizen, be at least 18, and usually live in a designated regional area. They must be related to you or your partner in one of these ways:

      - Parent or child, including step-relatives
      - Brother or sister, including step-siblings
      - Aunt or uncle, including step-relatives
      - Niece or nephew, including step-relatives
      - Grandparent or first cousin

      ## How it works
      - Choose an occupation on the relevant skilled occupation list
      - Get a positive skills assessment
      - Submit an Expression of Interest in SkillSelect selecting family sponsorship
      - Your relative confirms their sponsorship, and you wait for an invitation
      - Lodge your visa application within the time allowed

      ## Requirements
      You must meet the points test pass mark (family sponsorship adds points), be under the age limit when invited, have at least competent English, and meet health and character requirements. Check current figures on the Department of Home Affairs website.

      ## How we help
      We check that your relative is eligible and lives in a designated regional area, gather evidence of your relationship, and prepare your EOI and visa application. We also explain the regional conditions and the path to the subclass 191. No outcome can be guaranteed.
    `,
  },

  'Subclass 887': {
    heading: 'Skilled Regional Visa (Subclass 887)',
    summary:
      'A permanent visa for holders of certain earlier regional visas who have lived and worked in regional Australia for the required time.',
    body: text`
      ## About the visa
      The Skilled Regional visa (subclass 887) is a permanent visa for people who hold, or held, one of a set of earlier provisional regional visas, such as the Skilled Regional (Provisional) visa (subclass 489), and have lived and worked in specified regional areas of Australia. It is the permanent step for those visas; holders of the newer subclass 491 apply for the subclass 191 instead.

      ## Main requirements
      - Holding, or having recently held, an eligible provisional visa
      - Having lived in a specified regional area for at least the required period
      - Having worked full-time in a specified regional area for at least the required period
      - Meeting the visa conditions of your provisional visa
      - Health and character requirements

      Check the current list of eligible visas, the residence and work periods and the specified areas on the Department of Home Affairs website.

      ## Evidence you will need
      - Rental agreements, utility bills or other proof of where you lived
      - Payslips, employment contracts and tax records showing full-time work
      - Identity documents for you and family members included in the application

      ## What it gives you
      As a permanent resident you can live, work and study anywhere in Australia, enrol in Medicare, sponsor eligible relatives and, once eligible, apply for citizenship.

      ## How we help
      We check whether your provisional visa qualifies, review your residence and work history, and prepare an application with clear, organised evidence. Gaps in your records can cause delays, so we help you find the right documents early.
    `,
  },

  'Subclass 191': {
    heading: 'Permanent Residence (Skilled Regional) Visa (Subclass 191)',
    summary:
      'The permanent visa for subclass 491 and 494 holders who have lived, worked and earned the required income in regional Australia.',
    body: text`
      ## About the visa
      The Permanent Residence (Skilled Regional) visa (subclass 191) is the permanent step for holders of the Skilled Work Regional (Provisional) visa (subclass 491) and the Skilled Employer Sponsored Regional (Provisional) visa (subclass 494). There is no points test and no new invitation.

      ## Main requirements
      - Holding a subclass 491 or 494 visa (or having held one, as the rules allow) for at least the required period
      - Having lived, worked and studied only in designated regional areas while holding that visa
      - Having a taxable income at or above the required minimum for the required number of income years, shown by your tax assessments
      - Meeting the conditions of your provisional visa
      - Health and character requirements

      Check the current income threshold and time requirements on the Department of Home Affairs website.

      ## Evidence you will need
      - Notices of assessment from the Australian Taxation Office for the relevant income years
      - Proof of your addresses, such as leases and bills
      - Employment records, payslips and contracts

      ## Plan early
      Keep good records from the day your provisional visa is granted. Lodging your tax returns on time and staying within regional areas are the most common issues we see when people prepare this application.

      ## How we help
      We check your timeline and income records, tell you when you are likely to become eligible, and prepare a complete application for you and your family members. The decision rests with the Department of Home Affairs.
    `,
  },

  'Tourist Stream': {
    heading: 'Visitor Visa (Subclass 600): Tourist Stream',
    summary:
      'Visit Australia for a holiday, sightseeing or to see family and friends: what the tourist stream of the visitor visa needs.',
    body: text`
      ## About the stream
      The tourist stream of the Visitor visa (subclass 600) is for people who want to visit Australia for a holiday, recreation or to see family and friends. You can apply from outside or, in some cases, inside Australia. The visa may allow a stay of up to three, six or twelve months, as decided in your grant.

      ## What you can and cannot do
      - Holiday, sightseeing and visiting family or friends
      - A short course of study or training of up to three months in total
      - You cannot work or provide services to a business in Australia

      ## Main requirements
      - A genuine intention to visit Australia temporarily
      - Enough money for your stay, or someone who will support you
      - Health and character requirements, and health insurance is strongly recommended
      - No outstanding debts to the Australian Government

      ## Showing a genuine visit
      Evidence of your ties to home helps show that you plan to return, such as your job, studies, family, property or previous travel. Include a simple itinerary and, if you are visiting someone, an invitation letter.

      ## How we help
      We review your circumstances, suggest the evidence that best shows the purpose of your visit, and prepare a clear, complete application. Visitor visas are refused when the purpose or the funds are unclear, so we help you explain both. The decision rests with the Department of Home Affairs.
    `,
  },

  'Business Stream': {
    heading: 'Visitor Visa (Subclass 600): Business Visitor Stream',
    summary:
      'Short business visits to Australia for meetings, conferences or negotiations, and what the business visitor stream allows.',
    body: text`
      ## About the stream
      The business visitor stream of the Visitor visa (subclass 600) is for business people who need to visit Australia for a short time for business visitor activities. It is not a work visa.

      ## Business visitor activities
      - Making general business or employment enquiries
      - Investigating, negotiating, signing or reviewing a business contract
      - Attending a conference, trade fair or seminar, as long as you are not paid by the organisers
      - Activities carried out as part of an official government-to-government visit

      ## What you cannot do
      You cannot work for an Australian business, sell goods or services directly to the public, or be paid by an Australian organisation for your activities. If you plan to do any of these, a different visa is needed.

      ## Main requirements
      - A genuine intention to visit for business visitor activities and then leave
      - Enough money for your stay
      - Health and character requirements
      - Evidence of your business, such as a letter from your employer, a conference registration or correspondence with the Australian business you will meet

      ## Planning your trip
      Apply well before you travel, and include details of your itinerary and the people or organisations you will meet. Processing times vary; check the current estimate on the Department of Home Affairs website.

      ## How we help
      We confirm that your planned activities fit this stream, prepare the supporting letters and evidence, and lodge your application. If another visa suits your plans better, we will tell you.
    `,
  },

  'Sponsored Family': {
    heading: 'Visitor Visa (Subclass 600): Sponsored Family Stream',
    summary:
      'Visit family in Australia with the sponsorship of a relative who is an Australian citizen or permanent resident.',
    body: text`
      ## About the stream
      The sponsored family stream of the Visitor visa (subclass 600) lets you visit family in Australia when an eligible relative sponsors your visit. It can help where your application needs the support of your family in Australia. You must apply from outside Australia.

      ## Who can sponsor
      Your sponsor must be an Australian citizen or permanent resident, be at least 18 and be a relative of yours, such as a parent, child, brother or sister. Check on the Department of Home Affairs website how your relative provides their sponsorship before you apply.

      ## Security bond
      The Department may ask your sponsor to pay a security bond, which is returned if you comply with your visa conditions and leave Australia on time. Not every sponsor is asked for one.

      ## Main requirements
      - A genuine intention to visit family temporarily and then leave
      - Enough money for your stay, from you or your sponsor
      - Health and character requirements; health insurance is strongly recommended
      - The visa is often granted with a "No Further Stay" condition, which stops most applications for another visa while you are in Australia

      ## You cannot work
      Visitor visas do not allow work in Australia. A short course of study of up to three months may be allowed.

      ## How we help
      We help your relative with the sponsorship, gather evidence of your relationship and your reasons to return home, and prepare both applications so they match. Check current fees and processing times on the Department of Home Affairs website, or ask us. No outcome can be guaranteed.
    `,
  },

  'Global Talent Visa': {
    heading: 'Global Talent and National Innovation Visas',
    summary:
      'Permanent visas for people with an internationally recognised record of exceptional achievement, and what changed when the program was renamed.',
    body: text`
      ## Australia: from Global Talent to the National Innovation visa
      Australia's Global Talent visa (subclass 858) was replaced in December 2024 by the National Innovation visa, which keeps the same subclass number. It is a permanent visa for people with an internationally recognised record of exceptional and outstanding achievement in a profession, sport, the arts or academia and research, who would be an asset to Australia.

      ## How the Australian program works
      - You first submit an Expression of Interest
      - The Department of Home Affairs invites the candidates it considers most suitable
      - You need a nominator: an Australian citizen, permanent resident, eligible New Zealand citizen or organisation with a national reputation in your field
      - You must show that you are still prominent in your field and could establish yourself in Australia

      ## Other countries
      The United Kingdom has its own Global Talent visa for leaders and potential leaders in academia and research, arts and culture, and digital technology, usually with an endorsement from an approved body. Canada has routes for highly skilled workers through Express Entry and employer programs.

      ## Is it right for you?
      These visas are for a small number of exceptional people. Strong evidence includes international awards, significant publications or patents, senior roles, and recognition by peers. Check the current criteria on the official government websites, as they are reviewed often.

      ## How we help
      We give you an honest assessment of your profile, help you organise evidence of your achievements, and prepare your Expression of Interest and application. If a different visa fits you better, we will say so.
    `,
  },

  'Health Insurance': {
    heading: 'Overseas Student Health Cover (OSHC)',
    summary:
      'OSHC is required for Australian student visas. Learn what it covers, which policy type you need, and request a quote below.',
    body: text`
      ## Why you need OSHC
      International students in Australia must have Overseas Student Health Cover (OSHC) for the whole time they hold a student visa. It is a condition of the visa, and your cover must usually be arranged before the visa is granted. Family members on your visa must be covered too.

      ## What OSHC usually covers
      - Part or all of the cost of visits to a general practitioner (doctor)
      - Treatment in hospital and some specialist services
      - Emergency ambulance transport
      - Some prescription medicines, up to a limit

      What is covered and the limits depend on the insurer and the policy. General dental, optical and physiotherapy services are usually not included unless you buy extra cover.

      ## Choosing a policy
      - Single: covers only you
      - Couple: covers you and your partner
      - Family: covers you, your partner and your dependent children

      Only insurers approved by the Australian Government offer OSHC. Compare what each policy covers and the waiting periods for existing conditions, not only the price.

      ## Dates matter
      Your cover should start on or before the day you arrive and last until your visa ends. If your course or visa dates change, update your policy so you are never without cover.

      ## Request a quote
      Fill in the form below with your policy type and dates, and we will send you options from approved insurers.
    `,
  },

  'Professional Year': {
    heading: 'Professional Year Program',
    summary:
      'A structured program for international graduates in accounting, IT and engineering in Australia, combining professional training with an internship.',
    body: text`
      ## About the Professional Year
      The Professional Year (PY) is a structured professional development program for international graduates of Australian universities in accounting, information and communication technology (ICT) and engineering. It combines classroom training with an internship in an Australian workplace and usually takes about a year.

      ## What you learn
      - Australian workplace culture and communication
      - Business writing, presentations and teamwork
      - Job search skills: resumes, cover letters and interviews
      - Industry-specific knowledge for your profession
      - Practical experience through an internship with an Australian employer

      ## Points for skilled migration
      Completing an approved Professional Year in your nominated occupation can add points in the points test for skilled visas such as the subclass 189, 190 and 491. The program must be run by an approved provider on behalf of the relevant professional body (such as CPA Australia, Chartered Accountants ANZ or IPA for accounting, the Australian Computer Society for ICT, or Engineers Australia for engineering). Check the current points and eligibility rules on the Department of Home Affairs website.

      ## Who can enrol
      Usually graduates with a recent Australian qualification in accounting, ICT or engineering who hold a suitable visa, such as a Temporary Graduate visa, and meet the provider's English requirement.

      ## How we help
      We explain whether a Professional Year suits your plans, help you compare approved providers and intakes, and fit it into your visa timeline so your visa stays valid throughout the program.
    `,
  },

  Eligibility: {
    heading: 'Check Your Eligibility',
    summary:
      'What decides whether you can study, work or migrate abroad, and how our counsellors assess your options before you spend money on an application.',
    body: text`
      ## What affects your eligibility
      Every course and visa has its own rules, but most decisions look at the same things. Knowing where you stand on each helps you choose realistic options.

      - Age: some skilled and graduate visas have age limits, and age affects points
      - English: test scores, often with a minimum for each skill
      - Education: your qualifications, grades and any gaps in your studies
      - Work experience: skilled employment related to your occupation or study plans
      - Occupation: whether it appears on the relevant list and can be skills assessed
      - Funds: money for tuition, living costs and travel, from acceptable sources
      - Health and character: medical checks and police certificates
      - Immigration history: previous visas, refusals and compliance with conditions

      ## Our eligibility assessment
      Tell us about your background and goals, and a counsellor will review your details and explain the options that fit your profile, what each requires and what might stand in the way. For skilled visas we estimate your points and show which improvements are realistic.

      ## Be open with us
      A previous refusal, a gap in your studies or a low test score does not always rule you out, but it must be handled honestly. Hiding information from an immigration authority can lead to refusal and bans on future applications.

      ## Get your assessment
      Send us an enquiry with your details or book an appointment. An assessment is advice about your options, not a promise of a visa or admission; those decisions belong to governments and institutions.
    `,
  },

  'Life In Canada': {
    heading: 'Life in Canada',
    summary:
      'What to expect when you move to Canada: provinces, climate, health care, work, housing and settling into your new community.',
    body: text`
      ## A large and varied country
      Canada has ten provinces and three territories, two official languages (English and French) and cities known for their diversity and safety. Life in Toronto or Vancouver is very different from life in a smaller city in the Prairies or the Atlantic provinces, including the cost of housing.

      ## Climate
      Winters are long and cold in most of the country, with snow for several months, while summers can be warm. Good winter clothing and boots are essential; many newcomers buy them after arriving, when they know what they need.

      ## Health care
      Each province runs its own public health insurance plan. Permanent residents and some temporary residents can enrol, but there may be a waiting period and rules differ by province. International students often need private or school health insurance. Check your province's rules before you arrive.

      ## First steps after arrival
      - Apply for a Social Insurance Number (SIN) so you can work
      - Open a bank account and start building a credit history
      - Register for provincial health coverage if you are eligible
      - Find settlement services in your area; many are free for newcomers

      ## Work and study
      Employers value Canadian experience, volunteering and references. Many professions are regulated, so you may need your credentials assessed or a licence before working in your field.

      ## Housing
      Rental housing can be expensive and competitive in large cities. Budget for a deposit and the first month's rent, and never send money for a place you have not verified.

      ## How we help
      We help you plan your move, from choosing a city and program to arrival checklists and connecting with other students.
    `,
  },

  'Migrate To Canada': {
    heading: 'Migrate to Canada',
    summary:
      "Canada's main economic immigration routes explained: Express Entry, the Provincial Nominee Program and how to prepare a strong profile.",
    body: text`
      ## Express Entry
      Express Entry is the online system Canada uses to manage applications for three federal economic programs:

      - Federal Skilled Worker Program: for skilled workers with foreign work experience
      - Canadian Experience Class: for people with skilled work experience in Canada
      - Federal Skilled Trades Program: for qualified tradespeople

      You create a profile, and eligible candidates are ranked using the Comprehensive Ranking System (CRS), which awards points for age, education, language ability, work experience and other factors. Immigration, Refugees and Citizenship Canada (IRCC) holds regular draws and invites top-ranked candidates, sometimes targeting particular occupations or French speakers, to apply for permanent residence.

      ## Provincial Nominee Program (PNP)
      Most provinces and territories nominate immigrants who meet their local needs. Some streams are linked to Express Entry, and a nomination adds a large number of CRS points; others are applied for directly with the province. Each province publishes its own streams and criteria, which change often.

      ## What you will need
      - Language test results from an approved test in English or French
      - An Educational Credential Assessment (ECA) for education completed outside Canada
      - Evidence of skilled work experience
      - Proof of settlement funds, unless you are exempt; check the current amount on the IRCC website
      - Medical exams and police certificates when you apply

      ## Other pathways
      Studying in Canada and gaining Canadian work experience, the Atlantic Immigration Program and employer-driven programs are other routes worth considering.

      ## How we help
      We assess your eligibility, estimate your CRS score, suggest realistic ways to improve it and prepare your profile and application. Invitations and decisions rest with IRCC and the provinces; we help you present an accurate, complete application.
    `,
  },

  'Privacy Policy': {
    heading: 'Privacy Policy',
    summary: `How ${PRODUCT_NAME} collects, uses, keeps and protects the personal information you send us.`,
    body: text`
      ## Who we are
      This policy covers this website and the enquiries, appointment requests and health cover requests you send through it. Questions about your information go to our privacy officer through the Contact Us page.

      ## What we collect
      - What you type into our forms: your name, email address, phone number, the branch or service you choose and your message
      - When you sent it, and the internet address it came from, used only to stop spam and abuse
      - Which advert or website led you here
      - Notes our counsellors add while they help you
      - A cookie that remembers which country site you chose

      We do not use advertising or tracking cookies, and we do not sell your information.

      ## How we use it
      - To answer your enquiry, arrange your appointment or send you a health cover quote
      - To send you a confirmation email with a copy of what you sent
      - To follow up with you about the service you asked about

      Only our staff who work for the country and branch you contacted can see your enquiry.

      ## Who we share it with
      Only when you ask us to act for you, for example with an institution, a health insurer or a government department, and only what that step needs. Our email provider delivers the emails we send you.

      ## How long we keep it
      Up to two years after your enquiry arrived. Then your name, contact details and message are removed automatically and only anonymous counts remain, unless the law requires a longer record.

      ## Your rights
      You may ask for a copy of everything we hold about you, ask us to correct it, or ask us to delete it. Send your request through the Contact Us page from the email address you used; we will answer within 30 days. You may also complain to the privacy regulator in your country.

      ## Security
      Your information travels over encrypted connections and only staff who need it can see it.

      ## Changes
      We publish any new version of this policy on this page.
    `,
  },

  Terms: {
    heading: 'Terms of Use',
    summary: `The terms that apply when you use the ${PRODUCT_NAME} website and send us an enquiry.`,
    body: text`
      ## Using this website
      This website gives general information about studying abroad, English test preparation, visas and migration. It is not legal or migration advice for your situation. Rules, fees and processing times change often; always check the official government and institution websites before you decide.

      ## Advice from us
      Advice about your own situation is given only after a consultation, in writing, by a qualified counsellor or, for Australian visas, a registered migration agent. We cannot guarantee a visa, an admission offer or a test result: decisions rest with governments, institutions and test providers.

      ## Sending an enquiry
      When you send an enquiry, book an appointment or ask for a quote, you agree that we may contact you by email or phone about it. Please give accurate details; we use them as described in our Privacy Policy.

      ## Fees
      We tell you our fees in writing before you agree to any paid service. Government, institution and test fees are paid to them and set by them.

      ## Links to other websites
      We link to official and partner websites for your convenience. We are not responsible for their content.

      ## Our content
      The text, pictures and videos on this website belong to ${PRODUCT_NAME} or are used with permission. You may share links to our pages but not copy the content for commercial use.

      ## Changes
      We may update these terms; the version on this page applies from the day it is published.
    `,
  },
};
