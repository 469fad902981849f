import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/routes/login-page';
import { startPdfjs } from '../lib/pdfjs';
import { ErrorPage } from './error-page';

/** For a screen that shows PDF pages: pdf.js and its worker start loading beside the screen's code. */
function showingPdfs<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    // A failure here shows when the pages are opened, as "The document could not be shown".
    startPdfjs().catch(() => {});
    return load();
  };
}

// Only the sign-in screen is in the first download; the signed-in area and each heavy screen
// load when first needed.
const pages: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <ErrorPage /> },
  // Public: a signer needs no account, and anyone may check a sealed PDF.
  // The same page inside another web app's frame (the server lets only the origin its link allows frame it).
  {
    path: '/embed/sign/:token',
    lazy: showingPdfs(async () => ({
      Component: (await import('../features/signing/routes/signing-page')).SigningPage,
    })),
    errorElement: <ErrorPage />,
  },
  {
    path: '/sign/:token',
    lazy: showingPdfs(async () => ({
      Component: (await import('../features/signing/routes/signing-page')).SigningPage,
    })),
    errorElement: <ErrorPage />,
  },
  // Public: a template its owner published at a link; in another site's frame, the embedded variant.
  {
    path: '/p/:token',
    lazy: async () => ({
      Component: (await import('../features/public-links/routes/public-link-page')).PublicLinkPage,
    }),
    errorElement: <ErrorPage />,
  },
  {
    path: '/embed/p/:token',
    lazy: async () => ({
      Component: (await import('../features/public-links/routes/public-link-page')).EmbeddedPublicLinkPage,
    }),
    errorElement: <ErrorPage />,
  },
  {
    path: '/review/:token',
    lazy: async () => ({ Component: (await import('../features/reviews/routes/review-page')).ReviewPage }),
    errorElement: <ErrorPage />,
  },
  {
    path: '/verify',
    lazy: async () => ({
      Component: (await import('../features/verification/routes/verify-page')).VerifyPage,
    }),
    errorElement: <ErrorPage />,
  },
  // Public: creating an account and resetting a forgotten password.
  {
    path: '/signup',
    lazy: async () => ({ Component: (await import('../features/auth/routes/signup-page')).SignupPage }),
    errorElement: <ErrorPage />,
  },
  {
    path: '/forgot-password',
    lazy: async () => ({
      Component: (await import('../features/auth/routes/forgot-password-page')).ForgotPasswordPage,
    }),
    errorElement: <ErrorPage />,
  },
  {
    path: '/reset-password/:token',
    lazy: async () => ({
      Component: (await import('../features/auth/routes/reset-password-page')).ResetPasswordPage,
    }),
    errorElement: <ErrorPage />,
  },
  // Public: the link that finishes a sign-up or a change of address works in any browser.
  {
    path: '/confirm-email/:token',
    lazy: async () => ({
      Component: (await import('../features/auth/routes/confirm-email-page')).ConfirmEmailPage,
    }),
    errorElement: <ErrorPage />,
  },
  // Public: an invitation says who invites whom before anyone signs in.
  {
    path: '/invitations/:token',
    lazy: async () => ({
      Component: (await import('../features/team/routes/invitation-page')).InvitationPage,
    }),
    errorElement: <ErrorPage />,
  },
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./require-session')).RequireSession }),
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      {
        path: 'dashboard',
        lazy: async () => ({
          Component: (await import('../features/dashboard/routes/dashboard-page')).DashboardPage,
        }),
      },
      {
        path: 'search',
        lazy: async () => ({
          Component: (await import('../features/search/routes/search-page')).SearchPage,
        }),
      },
      {
        path: 'contracts',
        lazy: async () => ({
          Component: (await import('../features/contracts/routes/contracts-page')).ContractsPage,
        }),
      },
      {
        path: 'reports',
        lazy: async () => ({
          Component: (await import('../features/reports/routes/reports-page')).ReportsPage,
        }),
      },
      {
        path: 'contracts/:id',
        lazy: async () => ({
          Component: (await import('../features/contracts/routes/contract-editor-page')).ContractEditorPage,
        }),
      },
      {
        path: 'contracts/:id/fields',
        lazy: showingPdfs(async () => ({
          Component: (await import('../features/fields/routes/field-editor-page')).FieldEditorPage,
        })),
      },
      {
        path: 'contracts/:id/versions/:number',
        lazy: async () => ({
          Component: (await import('../features/versions/routes/version-page')).VersionPage,
        }),
      },
      {
        path: 'contracts/:id/suggestions/:suggestionId',
        lazy: async () => ({
          Component: (await import('../features/reviews/routes/suggestion-page')).SuggestionPage,
        }),
      },
      {
        path: 'contracts/:id/compare',
        lazy: async () => ({
          Component: (await import('../features/versions/routes/compare-page')).ComparePage,
        }),
      },
      {
        path: 'deadlines',
        lazy: async () => ({
          Component: (await import('../features/deadlines/routes/deadlines-page')).DeadlinesPage,
        }),
      },
      {
        path: 'projects',
        lazy: async () => ({
          Component: (await import('../features/projects/routes/projects-page')).ProjectsPage,
        }),
      },
      {
        path: 'projects/new',
        lazy: async () => ({
          Component: (await import('../features/projects/routes/new-project-page')).NewProjectPage,
        }),
      },
      {
        path: 'projects/:id',
        lazy: async () => ({
          Component: (await import('../features/projects/routes/project-page')).ProjectPage,
        }),
      },
      {
        path: 'signatures',
        lazy: async () => ({
          Component: (await import('../features/signatures/routes/signatures-page')).SignaturesPage,
        }),
      },
      {
        path: 'team',
        lazy: async () => ({
          Component: (await import('../features/team/routes/team-page')).TeamPage,
        }),
      },
      {
        path: 'templates',
        lazy: async () => ({
          Component: (await import('../features/templates/routes/templates-page')).TemplatesPage,
        }),
      },
      {
        // 'new' is create mode, as for contracts.
        path: 'templates/:id',
        lazy: async () => ({
          Component: (await import('../features/contracts/routes/template-editor-page')).TemplateEditorPage,
        }),
      },
      {
        path: 'templates/:id/fields',
        lazy: showingPdfs(async () => ({
          Component: (await import('../features/fields/routes/field-editor-page')).TemplateFieldEditorPage,
        })),
      },
      {
        path: 'bulk-sends',
        lazy: async () => ({
          Component: (await import('../features/bulk-sends/routes/bulk-sends-page')).BulkSendsPage,
        }),
      },
      {
        path: 'bulk-sends/:id',
        lazy: async () => ({
          Component: (await import('../features/bulk-sends/routes/bulk-send-page')).BulkSendPage,
        }),
      },
      {
        // A page per group of settings (src/shared/settings-sections.ts); /settings opens General.
        path: 'settings',
        lazy: async () => ({
          Component: (await import('../features/settings/routes/settings-layout')).SettingsLayout,
        }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/settings/routes/settings-redirect')).SettingsRedirect,
            }),
          },
          {
            path: 'general',
            lazy: async () => ({
              Component: (await import('../features/settings/routes/general-settings-page'))
                .GeneralSettingsPage,
            }),
          },
          {
            path: 'signing',
            lazy: async () => ({
              Component: (await import('../features/settings/routes/signing-settings-page'))
                .SigningSettingsPage,
            }),
          },
          {
            path: 'security',
            lazy: async () => ({
              Component: (await import('../features/settings/routes/security-settings-page'))
                .SecuritySettingsPage,
            }),
          },
          {
            path: 'approvals',
            lazy: async () => ({
              Component: (await import('../features/settings/routes/approval-settings-page'))
                .ApprovalSettingsPage,
            }),
          },
          {
            path: 'developers',
            lazy: async () => ({
              Component: (await import('../features/settings/routes/developer-settings-page'))
                .DeveloperSettingsPage,
            }),
          },
          {
            path: 'mail',
            lazy: async () => ({
              Component: (await import('../features/settings/routes/mail-settings-page')).MailSettingsPage,
            }),
          },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('../features/settings/routes/settings-redirect')).SettingsRedirect,
            }),
          },
        ],
      },
      {
        path: 'mail',
        lazy: async () => ({
          Component: (await import('../features/mail/routes/mail-outbox-page')).MailOutboxPage,
        }),
      },
      {
        path: 'profile',
        lazy: async () => ({
          Component: (await import('../features/profile/routes/profile-page')).ProfilePage,
        }),
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

/**
 * While the first page's code loads, nothing is drawn yet (the page's own skeletons follow within
 * a moment): said once here, for every lazily loaded page, rather than React Router warning in
 * the console of each first visit.
 */
export const router = createBrowserRouter([{ HydrateFallback: () => null, children: pages }]);
