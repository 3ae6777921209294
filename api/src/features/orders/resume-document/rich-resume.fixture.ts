// Tests only: a builder form as a real job seeker fills it, full enough for a one-page resume.
import type { ResumePayloadInput } from '@shortlist/domain';
import { validResumePayload } from '@shortlist/domain/testing';

export function richResumePayload(): ResumePayloadInput {
  const base = validResumePayload();
  return {
    ...base,
    targetRoles: ['Data Analyst'],
    personal: {
      ...base.personal,
      fullName: 'Asha Verma',
      email: 'asha.verma@example.com',
      phone: '+91 98765 43210',
      address: 'Pune, India',
      linkedin: 'linkedin.com/in/ashaverma',
      github: 'github.com/ashaverma',
    },
    summary:
      'Data analyst with three years of turning product and sales data into decisions. I build dashboards people use every morning, design A/B tests with product managers and automate the reporting that used to take a team a week.',
    work: [
      {
        jobTitle: 'Data Analyst',
        company: 'Acme Retail Pvt Ltd',
        location: 'Pune, India',
        start: '2023-02',
        // A current job as the builder now lets a customer write it.
        end: 'Present',
        responsibilities: [
          'Built the weekly sales dashboard in Tableau used by 40 store managers across Maharashtra.',
          'Designed and analysed A/B tests on the checkout page that raised conversion by 6 percent.',
          'Automated the monthly finance report with SQL and Python, saving four days of manual work.',
          'Trained ten colleagues in SQL so that teams answer their own questions without waiting.',
          'Partnered with the pricing team to model discount scenarios before each festive season sale.',
        ].join('\n'),
      },
      {
        jobTitle: 'Junior Analyst',
        company: 'Globex Technologies',
        location: 'Mumbai, India',
        start: '2021-07',
        end: '2023-01',
        responsibilities: [
          'Cleaned and joined customer data from three systems into one PostgreSQL warehouse.',
          'Wrote churn reports for the customer success team and flagged accounts at risk early.',
          'Presented monthly findings to the leadership team with clear charts and short summaries.',
          'Documented every metric in a shared glossary so that finance and sales report the same numbers.',
        ].join('\n'),
      },
      {
        jobTitle: 'Analytics Intern',
        company: 'Initech Solutions',
        location: 'Pune, India',
        start: '2020-12',
        end: '2021-06',
        responsibilities: [
          'Built Excel models of regional demand that the sales team used to plan stock for the quarter.',
          'Surveyed 200 customers and summarised what they wanted from the new mobile app in one page.',
        ].join('\n'),
      },
    ],
    edu: [
      {
        degree: 'BSc',
        institution: 'Savitribai Phule Pune University',
        location: 'Pune, India',
        start: '2018-07',
        end: '2021-05',
        major: 'Statistics',
      },
    ],
    skills: {
      techSkills: 'SQL, Python, Tableau, Excel, PostgreSQL, Pandas, A/B testing',
      softSkills: 'Communication, Stakeholder management, Presenting',
    },
    projects: [
      {
        name: 'Churn model',
        desc: 'Predicted subscription churn from usage data with a logistic regression. The model flagged 70 percent of churners a month ahead. The retention team now calls those customers first every Monday.',
        tech: 'Python, scikit-learn',
        role: 'Lead',
        link: 'github.com/ashaverma/churn',
      },
    ],
    certs: [{ name: 'Google Data Analytics Certificate', org: 'Coursera', date: '2022-03' }],
    langs: [
      { name: 'English', level: 'Advanced' },
      { name: 'Hindi', level: 'Native' },
    ],
  };
}
