import { createBrowserRouter } from 'react-router';
import { setUnauthenticatedHandler } from '../api/request';
import { forgetRetriesOnceLoaded, withRouteErrors } from './route-error';
import { pageTitle } from './sections';

/**
 * The route table: every route lazy, so the first view carries only the screen it shows (the sign-in, or
 * the layout and one section). The console lives under /console/ (the server's SPA fallback). Every route
 * has the designed error page (route-error.tsx): a section whose code did not load loads it again by itself.
 */
export const router = createBrowserRouter(
  withRouteErrors([
    {
      path: '/sign-in',
      lazy: () => import('../features/auth/sign-in-screen').then((m) => ({ Component: m.SignInScreen })),
    },
    {
      path: '/sso/callback/:corpId',
      lazy: () => import('../features/auth/sso-callback-screen').then((m) => ({ Component: m.SsoCallbackScreen })),
    },
    {
      path: '/',
      lazy: () => import('./layout').then((m) => ({ Component: m.ConsoleLayout })),
      children: [
        { index: true, lazy: () => import('./home').then((m) => ({ Component: m.Home })) },
        {
          path: 'campaigns',
          lazy: () => import('../features/campaigns/campaigns-screen').then((m) => ({ Component: m.CampaignsScreen })),
        },
        {
          path: 'campaigns/:id',
          lazy: () =>
            import('../features/campaigns/detail-screen').then((m) => ({ Component: m.CampaignDetailScreen })),
        },
        {
          path: 'campaigns/:id/edit',
          lazy: () => import('../features/campaigns/editor/editor-screen').then((m) => ({ Component: m.EditorScreen })),
        },
        {
          path: 'approvals',
          lazy: () => import('../features/approvals/approvals-screen').then((m) => ({ Component: m.ApprovalsScreen })),
        },
        {
          path: 'dashboard',
          lazy: () => import('../features/dashboard/dashboard-screen').then((m) => ({ Component: m.DashboardScreen })),
        },
        {
          path: 'audit',
          lazy: () => import('../features/audit/audit-screen').then((m) => ({ Component: m.AuditScreen })),
        },
        {
          path: 'reports',
          lazy: () => import('../features/reports/reports-screen').then((m) => ({ Component: m.ReportsScreen })),
        },
        {
          path: 'reconcile',
          lazy: () => import('../features/reconcile/reconcile-screen').then((m) => ({ Component: m.ReconcileScreen })),
        },
        {
          path: 'alerts',
          lazy: () => import('../features/alerts/alerts-screen').then((m) => ({ Component: m.AlertsScreen })),
        },
        {
          path: 'risk',
          lazy: () => import('../features/risk/risk-screen').then((m) => ({ Component: m.RiskScreen })),
        },
        {
          // A version's rules: edited while a draft, read afterwards; `new` (with ?from=<id>) starts a draft.
          path: 'risk/rulesets/:id',
          lazy: () => import('../features/risk/editor-screen').then((m) => ({ Component: m.RulesetEditorScreen })),
        },
        {
          path: 'risk/rulesets/:id/report',
          lazy: () => import('../features/risk/report-screen').then((m) => ({ Component: m.RiskReportScreen })),
        },
        {
          path: 'stores',
          lazy: () => import('../features/stores/stores-screen').then((m) => ({ Component: m.StoresScreen })),
        },
        {
          path: 'staff',
          lazy: () => import('../features/staff/staff-screen').then((m) => ({ Component: m.StaffScreen })),
        },
        {
          path: 'settings',
          lazy: () => import('../features/settings/settings-screen').then((m) => ({ Component: m.SettingsScreen })),
        },
        {
          // 我的账户: everyone's own, from the user menu (not a section of the side menu).
          path: 'account',
          lazy: () => import('../features/account/account-screen').then((m) => ({ Component: m.AccountScreen })),
        },
        { path: '*', lazy: () => import('./not-found').then((m) => ({ Component: m.NotFound })) },
      ],
    },
  ]),
  { basename: '/console' },
);
forgetRetriesOnceLoaded(router);
document.title = pageTitle(router.state.location.pathname);
router.subscribe((state) => {
  document.title = pageTitle(state.location.pathname);
});

/** A call answered 401: to the sign-in screen, coming back here afterwards. */
setUnauthenticatedHandler(() => {
  const { pathname, search } = router.state.location;
  if (pathname === '/sign-in' || pathname.startsWith('/sso/')) return;
  // Already on the way to sign-in (the user signed out and its screen's code is loading): a poll's 401 answered
  // meanwhile must not turn 您已安全退出 into 登录已失效.
  if (router.state.navigation.location?.pathname === '/sign-in') return;
  const back = encodeURIComponent(pathname + search);
  void router.navigate(`/sign-in?expired=1&redirect=${back}`, { replace: true });
});
