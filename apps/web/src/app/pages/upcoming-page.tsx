import type { ReactNode } from 'react';
import {
  CloudUploadOutlined,
  FileTextOutlined,
  LayoutOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  ShopOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Tag } from 'antd';
import { useRouteHandle } from '../../lib/route-handle.ts';
import type { UpcomingPage } from '../../lib/route-handle.ts';
import './pages.css';

interface UpcomingText {
  icon: ReactNode;
  title: string;
  description: string;
}

/** What each page will hold once its feature is delivered. */
const UPCOMING: Record<UpcomingPage, UpcomingText> = {
  order: {
    icon: <FileTextOutlined />,
    title: '我的订单',
    description: '在这里查看订单列表与订单进度，支付订单、上传印刷文件、查看物流。',
  },
  bill: {
    icon: <WalletOutlined />,
    title: '我的账单',
    description: '在这里查看消费与充值明细，按月对账并导出 Excel。',
  },
  sys: {
    icon: <SettingOutlined />,
    title: '账户设置',
    description:
      '在这里管理收货地址、优惠券和账户余额。修改密码可在右上角的账户菜单中进行；上传过的文件见「我的文件」。',
  },
  batchUpload: {
    icon: <CloudUploadOutlined />,
    title: '批量上传',
    description: '在这里一次上传多个印刷文件，系统按文件名识别产品与数量，批量生成订单。',
  },
  help: {
    icon: <QuestionCircleOutlined />,
    title: '帮助中心',
    description: '在这里阅读下单流程、文件制作要求等帮助文章。',
  },
  about: {
    icon: <ShopOutlined />,
    title: '关于我们',
    description: '在这里了解商家介绍与服务范围，联系方式见页面底部。',
  },
  template: {
    icon: <LayoutOutlined />,
    title: '模板中心',
    description: '在这里浏览和下载各类印刷品的设计模板。',
  },
  setting: { icon: <UserOutlined />, title: '个人设置', description: '在这里维护个人资料与使用偏好。' },
};

/** What a page will hold once its feature is delivered, with no invented data. */
export function UpcomingNotice({ page }: { page: UpcomingPage }) {
  const text = UPCOMING[page];
  return (
    <section className="ink-upcoming" aria-labelledby="ink-upcoming-title">
      <div className="ink-upcoming__icon" aria-hidden="true">
        {text.icon}
      </div>
      <h1 id="ink-upcoming-title" className="ink-upcoming__title">
        {text.title}
      </h1>
      <p className="ink-upcoming__description">{text.description}</p>
      <Tag color="processing" className="ink-upcoming__tag">
        功能建设中，即将上线
      </Tag>
    </section>
  );
}

/** A page whose content a later feature delivers: says what will be here, with no invented data. */
export function Component() {
  const { upcoming = 'order' } = useRouteHandle();
  return <UpcomingNotice page={upcoming} />;
}
