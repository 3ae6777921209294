// The kit's only public surface. Styles are imported by path:
// '@shortlist/web-kit/tokens.css' then '@shortlist/web-kit/base.css'.

// Talking to the API
export {
  type ApiClient,
  type ApiClientConfig,
  api,
  createApiClient,
  type HttpMethod,
  type Parser,
  type QueryValue,
  type RequestOptions,
  type UploadOptions,
} from './api/api-client';
export {
  ApiClientProvider,
  type ApiClientProviderProps,
  useApiClient,
  useClearApiCache,
} from './api/api-context';
export { ApiError, errorMessage, isAbortError } from './api/api-error';
export {
  apiQueryKey,
  type CallOptions,
  callApi,
  type UploadInput,
  uploadApi,
} from './api/call-api';
export { influencerApi } from './api/prefetching-client';
export { createQueryClient, type QueryClientOptions, shouldRetry } from './api/query-client';
export { type StaleAfter, type StaleAfterSource, staleAfter } from './api/stale-after';
export { downloadTokenFile, fetchTokenFile, saveBlob } from './api/token-file';
export {
  type ApiMutationOptions,
  invalidateRoutes,
  useApiCache,
  useApiMutation,
  useApiQuery,
  useApiUpload,
  useAppQueryClient,
} from './api/use-api';
// Brand facts
export { BRAND_NAME, SUPPORT_EMAIL } from './brand/brand';
// Actions and identity
export { Button, type ButtonProps } from './button/button';
export {
  type ButtonLook,
  type ButtonSize,
  type ButtonVariant,
  buttonClassName,
} from './button/button-class-name';
export { LinkButton, type LinkButtonProps } from './button/link-button';
export { Carousel, type CarouselProps } from './carousel/carousel';
export { Countdown, type CountdownProps } from './countdown/countdown';
export { formatCountdown } from './countdown/format-countdown';
// Server-side lists: URL state, search, sortable headers, paging
export {
  type DataColumn,
  DataTable,
  type DataTableLabels,
  type DataTablePaging,
  type DataTableProps,
} from './data-table/data-table';
export { DataTableSearch, type DataTableSearchProps } from './data-table/data-table-search';
export { DataTableToolbar } from './data-table/data-table-toolbar';
export {
  type DataTableSort,
  formatSort,
  parseSort,
  type TableUrlDefaults,
  type TableUrlState,
  useTableUrlState,
} from './data-table/use-table-url-state';
// Overlays and notices
export { Dialog } from './dialog/dialog';
export type { DialogProps } from './dialog/dialog-props';
export { Drawer, type DrawerProps } from './drawer/drawer';
// Loading, empty and error states
export { Skeleton, type SkeletonProps } from './feedback/skeleton';
export { LoadingState, Spinner, type SpinnerProps } from './feedback/spinner';
export {
  EmptyState,
  type EmptyStateProps,
  ErrorState,
  type ErrorStateProps,
} from './feedback/states';
export {
  FileDrop,
  type FileDropProps,
  RESUME_FILE_EXTENSIONS,
  RESUME_FILE_MESSAGE,
} from './file-drop/file-drop';
export { formatFileSize, hasExtension } from './file-drop/format-file-size';
// Forms
export { Checkbox, type CheckboxProps } from './form/checkbox';
export { Field, type FieldProps } from './form/field';
export { PasswordField, type PasswordFieldProps } from './form/password-field';
export { Select, type SelectOption, type SelectProps } from './form/select';
export { TextArea, type TextAreaProps } from './form/text-area';
export { Logo, type LogoProps } from './logo/logo';
export { LogoMark } from './logo/logo-mark';
export { useMediaQuery } from './motion/use-media-query';
export { useReducedMotion } from './motion/use-reduced-motion';
export { NotFound, type NotFoundProps } from './not-found/not-found';
// Session storage (SPEC §3)
export {
  clearInfluencerSession,
  clearSession,
  type InfluencerSession,
  isAdminUser,
  parseStoredUser,
  readCurrency,
  readInfluencerSession,
  readSession,
  readToken,
  readUser,
  type SaveSessionOptions,
  type Session,
  type SessionUser,
  STORAGE_KEYS,
  saveCurrency,
  saveInfluencerSession,
  saveSession,
  subscribeSession,
} from './session/session';
export {
  type SessionState,
  useCurrency,
  useInfluencerSession,
  useSession,
} from './session/use-session';
export { siteConfigInPage } from './site-config/site-config-in-page';
// How the server runs (maintenance, simulated payments)
export { type SiteConfig, SiteConfigReader } from './site-config/site-config-reader';
export { SiteNotice } from './site-config/site-notice';
export { useSiteConfig } from './site-config/use-site-config';
// The staff apps' frame (admin, influencer)
export { Breadcrumbs } from './staff-shell/breadcrumbs';
export { lazyStaffScreen } from './staff-shell/lazy-staff-screen';
export { PageHeader, type PageHeaderProps } from './staff-shell/page-header';
export {
  currentNavItem,
  StaffShell,
  type StaffShellLabels,
  type StaffShellProps,
} from './staff-shell/staff-shell';
export type { Crumb, StaffNavItem, StaffUser } from './staff-shell/staff-shell.types';
export {
  type ChipTone,
  normalizeOrderStatus,
  normalizePaymentStatus,
  orderStatusLook,
  type PaymentStatusValue,
  paymentStatusLook,
} from './status-chip/status';
export { Chip, type ChipProps, StatusChip, type StatusChipProps } from './status-chip/status-chip';
export { Stepper, type StepperProps } from './stepper/stepper';
export {
  DEFAULT_TOAST_DURATION,
  type ToastApi,
  type ToastOptions,
  ToastProvider,
  type ToastTone,
  useToast,
} from './toast/toast-provider';
// Accessibility and motion helpers
export { VisuallyHidden, visuallyHiddenClassName } from './visually-hidden/visually-hidden';
