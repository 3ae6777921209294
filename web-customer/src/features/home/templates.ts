import aurora from './templates/aurora.svg';
import classicIvy from './templates/classic-ivy.svg';
import elegantSlate from './templates/elegant-slate.svg';
import gridPro from './templates/grid-pro.svg';
import modernBlue from './templates/modern-blue.svg';
import monoBold from './templates/mono-bold.svg';

/** SPEC §2 Home: each template has id, name, img, tags and companies. */
export interface ResumeTemplate {
  id: string;
  name: string;
  /** A small SVG drawn for this project (Vite inlines it: no extra request). */
  img: string;
  tags: readonly string[];
  /** The kinds of employer the layout suits. */
  companies: readonly string[];
}

export const RESUME_TEMPLATES: readonly ResumeTemplate[] = [
  {
    id: 'modern-blue',
    name: 'Modern Blue',
    img: modernBlue,
    tags: ['ATS-safe', 'One column', 'Freshers'],
    companies: ['Product startups', 'IT services'],
  },
  {
    id: 'elegant-slate',
    name: 'Elegant Slate',
    img: elegantSlate,
    tags: ['Sidebar', 'Experienced', 'Leadership'],
    companies: ['Consulting', 'Banking'],
  },
  {
    id: 'grid-pro',
    name: 'Grid Pro',
    img: gridPro,
    tags: ['Projects first', 'Tech'],
    companies: ['Product companies', 'Data teams'],
  },
  {
    id: 'classic-ivy',
    name: 'Classic Ivy',
    img: classicIvy,
    tags: ['Traditional', 'Academic'],
    companies: ['Universities', 'Public sector'],
  },
  {
    id: 'mono-bold',
    name: 'Mono Bold',
    img: monoBold,
    tags: ['High contrast', 'Minimal'],
    companies: ['Engineering', 'Manufacturing'],
  },
  {
    id: 'aurora',
    name: 'Aurora',
    img: aurora,
    tags: ['Creative', 'Modern'],
    companies: ['Design studios', 'Marketing'],
  },
];
