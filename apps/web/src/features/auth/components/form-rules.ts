import type { FormInstance, FormRule } from 'antd';
import {
  isMobileNumber,
  validateConfirmPassword,
  validateMobileNumber,
  validatePassword,
} from '@inkstone/domain';

/** antd form rules built on the validators of spec §5, so the messages are the spec's own words. */
function fromValidator(validate: (value: string) => string | null): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const problem = validate(typeof value === 'string' ? value : '');
      if (problem) throw new Error(problem);
    },
  };
}

/** 请输入手机号码 / 手机号码格式有误. */
export const mobileRules: FormRule[] = [fromValidator(validateMobileNumber)];

/** A new password: 6–32 characters with a letter and a digit. */
export const newPasswordRules: FormRule[] = [fromValidator(validatePassword)];

/** 请输入确认密码 / 确认密码必须和密码一致！ against the field `passwordField`. */
export function confirmPasswordRules(passwordField: string): FormRule[] {
  return [
    ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
      validator: async (_rule, value: unknown) => {
        const problem = validateConfirmPassword(
          String(getFieldValue(passwordField) ?? ''),
          typeof value === 'string' ? value : '',
        );
        if (problem) throw new Error(problem);
      },
    }),
  ];
}

export const smsCodeRules: FormRule[] = [
  { required: true, message: '请输入短信验证码' },
  { pattern: /^\d{6}$/, message: '短信验证码为6位数字' },
];

export const loginPasswordRules: FormRule[] = [{ required: true, message: '请输入密码' }];

/**
 * Registration: a mobile number already registered is said beside the field, checked when the
 * field loses focus and on submit (POST /api/cust/CheckCustomerAccount, -1001 = exists).
 */
export function unregisteredMobileRule(isRegistered: (mobile: string) => Promise<boolean>): FormRule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      const mobile = typeof value === 'string' ? value.trim() : '';
      if (!isMobileNumber(mobile)) return;
      // When the check cannot be made (the client has said why), registration itself will tell.
      const registered = await isRegistered(mobile).catch(() => false);
      if (registered) throw new Error('该手机号已注册，请直接登录');
    },
  };
}
