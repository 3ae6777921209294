// A module of its own, loaded lazily by the frame: the reader brings the query library and the
// contract's schemas, which the first paint does without.
export { SiteConfigReader as default } from '@shortlist/web-kit';
