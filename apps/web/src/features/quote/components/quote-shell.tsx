import type { ReactNode } from 'react';
import { Button } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import './quote.css';

/** The quote pages' frame: the category menu beside (or, on narrow screens, above) the content. */
export function QuoteShell({
  menu,
  children,
  banner,
}: {
  menu: ReactNode;
  children: ReactNode;
  banner?: ReactNode;
}) {
  return (
    <div className="ink-quote">
      {banner}
      <div className="ink-quote__grid">
        <div className="ink-quote__menu">{menu}</div>
        <div className="ink-quote__content">{children}</div>
      </div>
    </div>
  );
}

export interface QuoteNoticeProps {
  title: string;
  detail?: string;
  action?: { label: string; onClick(): void };
}

/** An empty or failed state in place of the quote screen. */
export function QuoteNotice({ title, detail, action }: QuoteNoticeProps) {
  return (
    <section className="ink-quote-notice" role="status">
      <InboxOutlined className="ink-quote-notice__icon" />
      <h1 className="ink-quote-notice__title">{title}</h1>
      {detail && <p className="ink-quote-notice__detail">{detail}</p>}
      {action && (
        <Button type="primary" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </section>
  );
}

/** The outline of the quote screen while the product loads. */
export function QuoteSkeleton() {
  return (
    <div className="ink-quote-skeleton" aria-label="正在加载产品" role="status">
      <span className="ink-quote-skeleton__title" />
      <span className="ink-quote-skeleton__line" />
      <div className="ink-quote-skeleton__body">
        <span />
        <span />
      </div>
    </div>
  );
}
