import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { customersCalls as calls } from '@inkstone/contracts';
import { customerScopeOf, defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { registerAvatarRoutes } from './avatar.routes.ts';
import { toLoginUserInfo } from './login-user-info.ts';
import { findCustomerByAccount, getCustomer } from './customers.repository.ts';
import { changePassword, registerCustomer, retrievePassword } from './customers.service.ts';
import {
  notificationSettings,
  saveNotificationSettings,
  updateProfile,
} from './customer-settings.service.ts';

/**
 * CheckCustomerAccount, Register, RetrievePassword, CustomerChangePassword, info (spec §7 Customer),
 * and 个人设置's nickname, avatar and notification settings (docs/settings.md).
 */
export function registerCustomerRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, calls.CheckCustomerAccount, async ({ request, input }) => {
    if (await findCustomerByAccount(context.db, requireMerchant(request).id, input.Account)) {
      throw new AppError('AlreadyExists', '该手机号已注册');
    }
    return { Exists: false };
  });

  defineCall(app, calls.Register, async ({ request, input }) => {
    const merchant = requireMerchant(request);
    return toLoginUserInfo(merchant, await registerCustomer(context, merchant, input));
  });

  defineCall(app, calls.RetrievePassword, async ({ request, input }) => {
    await retrievePassword(context, requireMerchant(request), input);
    return null;
  });

  defineCall(app, calls.CustomerChangePassword, async ({ request, input }) => {
    await changePassword(context, requireMerchant(request), requireCustomer(request), input);
    return null;
  });

  defineCall(app, calls.info, async ({ request }) => {
    const merchant = requireMerchant(request);
    return toLoginUserInfo(merchant, await getCustomer(context.db, merchant.id, requireCustomer(request).id));
  });

  defineCall(app, calls.UpdateCustomerInfo, async ({ request, input }) => {
    const owner = customerScopeOf(request);
    await updateProfile(context, owner, input.NickName);
    return toLoginUserInfo(
      requireMerchant(request),
      await getCustomer(context.db, owner.merchantId, owner.customerId),
    );
  });

  defineCall(app, calls.QueryNotificationSettings, async ({ request }) =>
    notificationSettings(context, customerScopeOf(request)),
  );

  defineCall(app, calls.SaveNotificationSettings, async ({ request, input }) =>
    saveNotificationSettings(context, customerScopeOf(request), input),
  );

  registerAvatarRoutes(app, context);
}
