import { isUploadService, type UploadService } from '@shortlist/domain/contract';
import { useSession } from '@shortlist/web-kit';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginPath, paths } from '../../shared/paths';
import { LazyServiceOrderDialog } from '../../shared/service-order/lazy-service-order-dialog';

export interface ServiceDialogApi {
  /** The service whose dialog is open, or null. */
  openService: UploadService | null;
  /**
   * HOOK POINT for the upload dialogs. Signed out: go to /login?next=/home?open={service}
   * (SPEC §6). Signed in: open that service's dialog.
   */
  openServiceDialog: (service: UploadService) => void;
  closeServiceDialog: () => void;
}

const ServiceDialogContext = createContext<ServiceDialogApi | null>(null);

/**
 * Owns which upload dialog is open on Home, including `?open=` on arrival (SPEC §2). The
 * upload dialogs themselves live in features/service-order (shared with Pricing).
 */
export function ServiceDialogProvider({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [openService, setOpenService] = useState<UploadService | null>(null);

  const openServiceDialog = useCallback(
    (service: UploadService) => {
      if (signedIn) setOpenService(service);
      else navigate(loginPath(`${paths.home}?open=${service}`));
    },
    [signedIn, navigate],
  );

  const closeServiceDialog = useCallback(() => setOpenService(null), []);

  // ?open=resume_rewrite|resume_review opens the dialog once, then leaves the address so a
  // reload or Back does not reopen it. Signed out, it sends the visitor to log in first, with
  // this same address as `next`, so the dialog opens once they are back (SPEC §6).
  const requested = searchParams.get('open');
  useEffect(() => {
    if (!isUploadService(requested)) return;
    if (!signedIn) {
      navigate(loginPath(`${paths.home}?open=${requested}`), { replace: true });
      return;
    }
    setOpenService(requested);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('open');
        return next;
      },
      { replace: true },
    );
  }, [signedIn, requested, setSearchParams, navigate]);

  const api = useMemo(
    () => ({ openService, openServiceDialog, closeServiceDialog }),
    [openService, openServiceDialog, closeServiceDialog],
  );
  return <ServiceDialogContext.Provider value={api}>{children}</ServiceDialogContext.Provider>;
}

export function useServiceDialog(): ServiceDialogApi {
  const api = useContext(ServiceDialogContext);
  if (api === null) throw new Error('useServiceDialog must be used inside <ServiceDialogProvider>');
  return api;
}

/** The upload dialog of the open service (features/service-order), driven by this context. */
export function ServiceDialogHost() {
  const { openService, closeServiceDialog } = useServiceDialog();
  return <LazyServiceOrderDialog service={openService} onClose={closeServiceDialog} />;
}
