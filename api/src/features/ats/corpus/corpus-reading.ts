/**
 * What the parser read from one corpus file and how it scored against the expectations: the
 * measure produces them, the claims judge them, so they live below both.
 */

export interface Reading {
  name: string | null;
  email: string | null;
  phone: string | null;
  location: string | null;
  sectionKinds: readonly string[];
  jobs: readonly { dates: string | null }[];
}

export interface FileScore {
  file: string;
  name: boolean;
  email: boolean;
  phone: boolean;
  /** null when the page has no location (nothing to get right). */
  location: boolean | null;
  coreFound: number;
  corePresent: number;
  jobCount: boolean;
  jobsRead: number;
  datedJobsRead: number;
}
