import { Alert, Skeleton, Switch } from 'antd';
import { NOTIFICATION_KINDS } from '@inkstone/contracts';
import { useNotificationChoice, useNotificationSettings } from '../api/notification-settings.ts';
import './account.css';

const DESCRIPTIONS = new Map<string, string>(
  NOTIFICATION_KINDS.map((entry) => [entry.kind, entry.description]),
);

/**
 * 消息通知: for each kind of message, whether it comes by SMS and in the site's message list.
 * A switch saves at once; verification codes are always sent.
 */
export function NotificationSettingsPanel() {
  const settings = useNotificationSettings();
  const turn = useNotificationChoice();
  if (settings.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (settings.isError) return <Alert type="error" showIcon title="通知设置加载失败，请稍后重试" />;
  const current = settings.data;

  return (
    <section className="ink-account-panel ink-notify" aria-labelledby="ink-notify-title">
      <h2 id="ink-notify-title" className="ink-display-preferences__title">
        消息通知
      </h2>
      <p className="ink-display-preferences__hint">
        选择每类消息是否通过短信和站内消息通知您，开关后立即保存。登录、注册等验证码短信不受影响。
      </p>
      <div className="ink-notify__table" role="table" aria-label="消息通知设置">
        <div className="ink-notify__row ink-notify__row--head" role="row">
          <span role="columnheader">消息类型</span>
          <span role="columnheader">短信</span>
          <span role="columnheader">站内消息</span>
        </div>
        {current.Items.map((item) => (
          <div className="ink-notify__row" role="row" key={item.Kind} data-kind={item.Kind}>
            <span className="ink-notify__name" role="cell">
              <strong>{item.Name}</strong>
              <small>{DESCRIPTIONS.get(item.Kind)}</small>
            </span>
            <span role="cell">
              <Switch
                checked={item.Sms}
                aria-label={`${item.Name}：短信通知`}
                onChange={(value) => turn(item.Kind, 'Sms', value)}
              />
            </span>
            <span role="cell">
              <Switch
                checked={item.Site}
                aria-label={`${item.Name}：站内消息`}
                onChange={(value) => turn(item.Kind, 'Site', value)}
              />
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}
