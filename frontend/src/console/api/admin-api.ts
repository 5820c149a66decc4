import { consoleApi } from './console-api';

/**
 * The admins' API (contact-service/src/operators/console/admin.controller.ts): the accounts and
 * the audit trail, the generated endpoints with what each change makes stale.
 */
export type {
  Account as AccountInfo,
  AuditPage,
  AuditRecord,
  EnrolableAccount,
  Role,
} from './console-api.generated';

export const adminApi = consoleApi.enhanceEndpoints({
  endpoints: {
    accounts: { providesTags: ['Admin'] },
    addAccount: { invalidatesTags: ['Admin'] },
    resetAccount: { invalidatesTags: ['Admin'] },
    disableAccount: { invalidatesTags: ['Admin'] },
    enableAccount: { invalidatesTags: ['Admin'] },
    setAccountRole: { invalidatesTags: ['Admin'] },
    auditTrail: { providesTags: ['Admin'] },
  },
});

export const {
  useAccountsQuery,
  useAddAccountMutation,
  useResetAccountMutation,
  useDisableAccountMutation,
  useEnableAccountMutation,
  useSetAccountRoleMutation,
  useAuditTrailQuery,
} = adminApi;
