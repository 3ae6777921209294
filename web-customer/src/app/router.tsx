import { LoadingState, readToken } from '@shortlist/web-kit';
import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { HomeScreen } from '../features/home/home-screen';
import type { LegalDocumentId } from '../features/legal/legal-titles';
import { MAINTENANCE_MODE } from '../shared/config';
import { AppLayout } from './app-layout';
import { MaintenanceGate } from './maintenance-gate';
import { RequireSession } from './require-session';

/**
 * A screen loaded on first visit, in its own chunk, so the first page a visitor opens (usually
 * Home) downloads only what it shows. Only Home stays in the main bundle; the legal pages, the
 * 404 and the maintenance screen load on use like the rest.
 */
function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

/** A policy's page: the four share one chunk with the texts the footer's dialogs show. */
function legalScreen(documentId: LegalDocumentId): RouteObject['lazy'] {
  return async () => {
    const { LegalScreen } = await import('../features/legal/legal-screen');
    return { element: <LegalScreen documentId={documentId} /> };
  };
}

/**
 * A screen behind RequireSession: fetched when the guard renders it (see require-session.tsx),
 * or at once when a signed-in visit opens at its address, while the layout renders.
 */
function guardedScreen<Name extends string>(
  path: string,
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  if (readToken() !== null && window.location.pathname.replace(/\/+$/, '') === `/${path}`) {
    load().catch(() => {}); // a failure shows when the screen imports it
  }
  const Screen = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return <Screen />;
}

/** Must match `base` in vite.config.ts: the server mounts this build at the site root. */
export const basename = '/';

export interface RouteOptions {
  /** SPEC §2 maintenance flag; off unless the build sets VITE_MAINTENANCE=true. */
  maintenance: boolean;
}

/** The route table (SPEC §2). Tests build it with their own options. */
export function createRoutes({ maintenance }: RouteOptions): RouteObject[] {
  return [
    // Stands outside the layout: no navigation to lead anywhere while it shows.
    {
      path: 'maintenance',
      lazy: lazyScreen(
        () => import('../features/maintenance/maintenance-screen'),
        'MaintenanceScreen',
      ),
    },
    {
      element: <MaintenanceGate enabled={maintenance} />,
      // Shown only while the first screen's chunk loads on a cold start.
      hydrateFallbackElement: <LoadingState />,
      children: [
        {
          element: <AppLayout />,
          children: [
            // SPEC §2: / and /home show the same home screen.
            { index: true, element: <HomeScreen /> },
            { path: 'home', element: <HomeScreen /> },
            {
              path: 'about',
              lazy: lazyScreen(() => import('../features/about/about-screen'), 'AboutScreen'),
            },
            {
              path: 'contact',
              lazy: lazyScreen(() => import('../features/contact/contact-screen'), 'ContactScreen'),
            },
            { path: 'privacy', lazy: legalScreen('privacy') },
            { path: 'terms', lazy: legalScreen('terms') },
            { path: 'refund', lazy: legalScreen('refund') },
            { path: 'disclaimer', lazy: legalScreen('disclaimer') },
            {
              path: 'influencer-kit',
              lazy: lazyScreen(
                () => import('../features/influencer-kit/influencer-kit-screen'),
                'InfluencerKitScreen',
              ),
            },
            {
              path: 'login',
              lazy: lazyScreen(() => import('../features/login/login-screen'), 'LoginScreen'),
            },
            {
              path: 'register',
              lazy: lazyScreen(
                () => import('../features/register/register-screen'),
                'RegisterScreen',
              ),
            },
            // The legal pages' Close button goes to /signup (SPEC §2): the same screen as /register.
            {
              path: 'signup',
              lazy: lazyScreen(
                () => import('../features/register/register-screen'),
                'RegisterScreen',
              ),
            },
            {
              path: 'ats-check',
              lazy: lazyScreen(
                () => import('../features/ats-check/ats-check-screen'),
                'AtsCheckScreen',
              ),
            },
            {
              path: 'forgot',
              lazy: lazyScreen(() => import('../features/forgot/forgot-screen'), 'ForgotScreen'),
            },
            {
              // SPEC §2 signed-in routes: without a session, back to / with the origin remembered.
              element: <RequireSession />,
              children: [
                {
                  path: 'createresume',
                  element: guardedScreen(
                    'createresume',
                    () => import('../features/resume-builder/resume-builder-screen'),
                    'ResumeBuilderScreen',
                  ),
                },
                {
                  path: 'pricing',
                  element: guardedScreen(
                    'pricing',
                    () => import('../features/pricing/pricing-screen'),
                    'PricingScreen',
                  ),
                },
                {
                  path: 'checkout',
                  element: guardedScreen(
                    'checkout',
                    () => import('../features/checkout/checkout-screen'),
                    'CheckoutScreen',
                  ),
                },
                {
                  path: 'orders',
                  element: guardedScreen(
                    'orders',
                    () => import('../features/orders/orders-screen'),
                    'OrdersScreen',
                  ),
                },
                {
                  path: 'profile',
                  element: guardedScreen(
                    'profile',
                    () => import('../features/profile/profile-screen'),
                    'ProfileScreen',
                  ),
                },
              ],
            },
            {
              path: '*',
              lazy: lazyScreen(
                () => import('../features/not-found/not-found-screen'),
                'NotFoundScreen',
              ),
            },
          ],
        },
      ],
    },
  ];
}

export const routes = createRoutes({ maintenance: MAINTENANCE_MODE });

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
