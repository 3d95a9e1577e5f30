// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LoginForm } from './login-form.tsx';

afterEach(cleanup);

function renderLogin(initialAccount?: string) {
  render(
    <LoginForm
      initialAccount={initialAccount}
      onLoggedIn={() => undefined}
      forgotPasswordLink={<a href="/forgetPassword">忘记密码？</a>}
      registerLink={<a href="/register">立即注册</a>}
    />,
  );
  return {
    account: screen.getByPlaceholderText('手机号码 / 账号') as HTMLInputElement,
    password: screen.getByPlaceholderText('登录密码') as HTMLInputElement,
    submit: screen.getByRole('button', { name: /登\s*录/ }),
  };
}

/** The message shown under the field, found through the field's own aria-describedby. */
function messageOf(input: HTMLInputElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('LoginForm (password)', () => {
  it('labels its fields and shows no message before anything was typed or sent', () => {
    const { account, password } = renderLogin();
    expect(screen.getByLabelText('账号')).toBe(account);
    expect(screen.getByLabelText('密码')).toBe(password);
    expect(password.type).toBe('password');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(account.getAttribute('aria-invalid')).toBe('false');
  });

  it('says 请输入账号 and 请输入密码 beside the empty fields when 登 录 is pressed, and puts the caret in the first', async () => {
    const { account, password, submit } = renderLogin();
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(messageOf(account)).toBe('请输入账号');
    expect(messageOf(password)).toBe('请输入密码');
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(account);
    expect(submit.className).not.toContain('ant-btn-loading');
  });

  it('checks a field as it changes: blanks are no account, and a typed password clears its message', async () => {
    const { account, password, submit } = renderLogin();
    fireEvent.change(account, { target: { value: '   ' } });
    expect(messageOf(account)).toBe('请输入账号');
    fireEvent.change(account, { target: { value: '13800138000' } });
    expect(messageOf(account)).toBeNull();

    await act(async () => {
      fireEvent.click(submit);
    });
    expect(messageOf(password)).toBe('请输入密码');
    expect(document.activeElement).toBe(password);
    fireEvent.change(password, { target: { value: 'Demo1234' } });
    expect(messageOf(password)).toBeNull();
    fireEvent.change(password, { target: { value: '' } });
    expect(messageOf(password)).toBe('请输入密码');
  });

  it('prefills the account, and clears it with the clear button', () => {
    const { account } = renderLogin('13700000000');
    expect(account.value).toBe('13700000000');
    fireEvent.click(screen.getByRole('button', { name: '清除账号' }));
    expect(account.value).toBe('');
    expect(messageOf(account)).toBe('请输入账号');
    expect(screen.queryByRole('button', { name: '清除账号' })).toBeNull();
  });

  it('shows and hides the password on request', () => {
    const { password } = renderLogin();
    const toggle = screen.getByRole('button', { name: '显示密码' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(password.type).toBe('password');
  });

  it('offers 记住我 as a checkbox, unticked at first', () => {
    renderLogin();
    const remember = screen.getByRole('checkbox', { name: '记住我' }) as HTMLInputElement;
    expect(remember.checked).toBe(false);
    fireEvent.click(remember);
    expect(remember.checked).toBe(true);
  });

  it('switches to 短信登录 and back, keeping the password tab as it was', async () => {
    const { account } = renderLogin();
    fireEvent.change(account, { target: { value: 'admin' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: '短信登录' }));
    });
    expect(screen.queryByPlaceholderText('手机号码 / 账号')).toBeNull();
    expect(screen.getByRole('tab', { name: '短信登录' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '密码登录' }));
    expect((screen.getByPlaceholderText('手机号码 / 账号') as HTMLInputElement).value).toBe('admin');
  });
});
