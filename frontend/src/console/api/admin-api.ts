import { consoleApi, tagged } from './console-api';

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
  endpoints: tagged(
    'Admin',
    ['accounts', 'auditTrail'],
    ['addAccount', 'resetAccount', 'disableAccount', 'enableAccount', 'setAccountRole'],
  ),
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
