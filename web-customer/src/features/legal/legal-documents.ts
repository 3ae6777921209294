import { SUPPORT_EMAIL } from '@shortlist/web-kit';

/**
 * The four legal texts, written from SPEC §1 and §9. One source for the pages (/privacy …) and
 * the footer's modal dialogs, so they can never disagree. SPEC §1 notes that an older terms modal
 * said 'Queued' where the page said 'Pending'; here it is 'Pending' everywhere.
 */
import { LEGAL_TITLES, type LegalDocumentId } from './legal-titles';

export type { LegalDocumentId } from './legal-titles';

interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export interface LegalDocument {
  id: LegalDocumentId;
  path: `/${LegalDocumentId}`;
  /** Page heading, dialog title and footer button label. */
  title: string;
  summary: string;
  sections: readonly LegalSection[];
}

export const LEGAL_UPDATED = '22 November 2026';

const privacy: LegalDocument = {
  id: 'privacy',
  path: '/privacy',
  title: LEGAL_TITLES.privacy,
  summary:
    'We collect only what we need to deliver your order, and we delete it one month after the order is completed.',
  sections: [
    {
      heading: 'What we collect',
      paragraphs: ['When you use Shortlist we keep:'],
      list: [
        'your account details: name, e-mail address and a password we store only as a secure hash;',
        'what you give us for an order: the resume form, uploaded resumes, notes and your target role;',
        'order and payment records: the service, amount, currency and the payment provider’s reference. Card, UPI and bank details go straight to the payment provider and never reach us;',
        'messages you send us through the contact form or by e-mail.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'We use your data to write, rewrite or review your resume, to take payment, to send you your delivery and suggestions, and to answer your questions. We do not sell your data and we do not use it for advertising.',
        'If you came to us through an influencer’s referral link, that influencer sees that a referred user registered or ordered, not your resume.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Your resume data and uploaded files are kept for 1 month after your order is completed, then deleted.',
      ],
    },
    {
      heading: 'Questions',
      paragraphs: [`For any question about your data, e-mail ${SUPPORT_EMAIL}.`],
    },
  ],
};

const terms: LegalDocument = {
  id: 'terms',
  path: '/terms',
  title: LEGAL_TITLES.terms,
  summary:
    'Shortlist sells resume work per order. We work hard for your shortlist, but we cannot guarantee a job or an interview.',
  sections: [
    {
      heading: 'The service',
      paragraphs: [
        'Shortlist creates resumes from scratch, rewrites uploaded resumes and reviews resumes, each as a separate paid order in INR or USD. LinkedIn optimisation is marked coming soon and cannot be ordered yet.',
      ],
    },
    {
      heading: 'No guarantee of jobs or interviews',
      paragraphs: [
        'We improve how your resume reads to applicant tracking systems and to recruiters. Hiring decisions are made by employers, so the service gives no guarantee of jobs or interviews.',
      ],
    },
    {
      heading: 'Your part',
      paragraphs: [
        'Give us true and complete information. You remain responsible for what your resume claims. Do not upload files from a cloud drive link; upload the file itself (PDF, DOC or DOCX).',
      ],
    },
    {
      heading: 'Orders, payment and refunds',
      paragraphs: [
        'An order is placed when it is paid. Its status then moves from Pending to Processing to Completed.',
        `Refunds are possible only while an order is Pending. To request one, e-mail ${SUPPORT_EMAIL} with your order ID; the refund takes 5-7 business days.`,
      ],
    },
    {
      heading: 'Your data',
      paragraphs: [
        'Data is kept 1 month after your order is completed, then deleted (see the Privacy Policy).',
      ],
    },
  ],
};

const refund: LegalDocument = {
  id: 'refund',
  path: '/refund',
  title: LEGAL_TITLES.refund,
  summary: 'Refunds are possible only while an order is Pending, and take 5-7 business days.',
  sections: [
    {
      heading: 'When you can get a refund',
      paragraphs: [
        'You can get a refund only while your order is Pending, that is, before our writers start working on it. Once an order is Processing or Completed it cannot be refunded.',
      ],
    },
    {
      heading: 'How to ask',
      paragraphs: [
        `E-mail ${SUPPORT_EMAIL} with your order ID. You find the order ID on the Orders page and on your receipt.`,
      ],
    },
    {
      heading: 'How long it takes',
      paragraphs: [
        'A refund takes 5-7 business days to reach you, through the same payment method you paid with.',
      ],
    },
  ],
};

const disclaimer: LegalDocument = {
  id: 'disclaimer',
  path: '/disclaimer',
  title: LEGAL_TITLES.disclaimer,
  summary: 'Shortlist gives no guarantee of jobs or interviews.',
  sections: [
    {
      heading: 'No guarantee',
      paragraphs: [
        'Our resumes are written to perform well in applicant tracking systems, but employers decide whom to interview and hire. The service gives no guarantee of jobs, interviews or shortlisting.',
      ],
    },
    {
      heading: 'Numbers on this site',
      paragraphs: [
        'Figures such as resumes created, interviews scheduled, average ATS score and satisfaction come from our own order records and client feedback. ATS scores are estimates; each employer’s system scores differently.',
      ],
    },
    {
      heading: 'Third parties',
      paragraphs: [
        'Company and product names mentioned belong to their owners and do not imply any endorsement. Payments are handled by a third-party payment provider under its own terms.',
      ],
    },
  ],
};

export const LEGAL_DOCUMENTS: Readonly<Record<LegalDocumentId, LegalDocument>> = {
  privacy,
  terms,
  refund,
  disclaimer,
};
