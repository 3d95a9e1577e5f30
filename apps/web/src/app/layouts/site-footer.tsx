import type { ReactNode } from 'react';
import { EnvironmentOutlined, ClockCircleOutlined, PhoneOutlined, QqOutlined } from '@ant-design/icons';
import { useAppState } from '../../lib/company.ts';
import { useWebConfig } from '../../lib/web-config.ts';

export interface SiteFooterProps {
  isCompact?: boolean;
  /** The merchant's footer menu, above the contact details (the public and signed-in pages). */
  menu?: ReactNode;
}

/** Footer with the merchant's contact details and ICP number, from GetWebConfig. */
export function SiteFooter({ isCompact = false, menu }: SiteFooterProps) {
  const { companyInfo } = useAppState();
  const { data: config } = useWebConfig();
  const companyName = config?.CompanyName || companyInfo?.CompanyName || '';
  const contacts = [
    { key: 'phone', icon: <PhoneOutlined />, label: '客服电话', value: config?.ServicePhone },
    { key: 'qq', icon: <QqOutlined />, label: '客服QQ', value: config?.ServiceQQ },
    { key: 'hours', icon: <ClockCircleOutlined />, label: '营业时间', value: config?.BusinessHours },
    { key: 'address', icon: <EnvironmentOutlined />, label: '地址', value: config?.Address },
  ].filter((item) => item.value);

  return (
    <footer
      className={`ink-footer${isCompact ? ' ink-footer--compact' : ''}${menu ? ' ink-footer--with-menu' : ''}`}
    >
      <div className="ink-footer__inner">
        <div className="ink-footer__top">
          {menu}
          {contacts.length > 0 && (
            <ul className="ink-footer__contacts">
              {contacts.map((item) => (
                <li key={item.key}>
                  {item.icon}
                  <span className="ink-footer__label">{item.label}：</span>
                  {item.key === 'phone' ? <a href={`tel:${item.value}`}>{item.value}</a> : item.value}
                </li>
              ))}
            </ul>
          )}
        </div>
        <p className="ink-footer__legal">
          <span>
            © {new Date().getFullYear()} {companyName}
          </span>
          {config?.IcpNumber && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
              {config.IcpNumber}
            </a>
          )}
        </p>
      </div>
    </footer>
  );
}
