/** The services ordered by uploading a resume; from-scratch orders come from the builder. */
export const UPLOAD_SERVICES = ['resume_rewrite', 'resume_review'] as const;
export type UploadService = (typeof UPLOAD_SERVICES)[number];

export function isUploadService(value: unknown): value is UploadService {
  return UPLOAD_SERVICES.some((service) => service === value);
}
