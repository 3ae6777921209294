import type { UploadService } from '@shortlist/domain/contract';
import { paths } from '../../shared/paths';

/** Where a visitor comes back to after signing in: this page, ready to order that service. */
export function orderReturnPath(service: UploadService): string {
  return `${paths.atsCheck}?order=${service}`;
}
