import type { ReactNode } from 'react';
import { Card, Col, Empty, Row, Typography } from 'antd';
import {
  AppstoreOutlined,
  BarChartOutlined,
  BulbOutlined,
  CloudServerOutlined,
  FundProjectionScreenOutlined,
  SettingOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { PermissionType } from '@cityops/contract';
import { useTranslation } from 'react-i18next';
import { localName } from '@cityops/client';
import { useSessionUser } from '../../auth/queries';
import { DutyPanel } from '../components/DutyPanel';
import { systemCards } from '../systems';

/** Menu and page entries (platform-shell.md §6); groups (0) and element codes (4, 5) are not. */
const ENTRY_TYPES: readonly number[] = [
  PermissionType.MENU,
  PermissionType.PAGE,
  PermissionType.EXTERNAL_LINK,
  PermissionType.HIDDEN_PAGE,
];

/** The icons the systems are seeded with; anything else gets a neutral one. */
const ICONS: Readonly<Record<string, ReactNode>> = {
  SettingOutlined: <SettingOutlined />,
  CloudServerOutlined: <CloudServerOutlined />,
  ToolOutlined: <ToolOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  FundProjectionScreenOutlined: <FundProjectionScreenOutlined />,
  ThunderboltOutlined: <ThunderboltOutlined />,
  BulbOutlined: <BulbOutlined />,
};

/**
 * `/` and `/center`: what the duty officer needs first (DutyPanel), then the integrated overview, one
 * card per system the user may reach.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  if (!user) return null;
  const cards = systemCards(user.menus);
  const entries = user.menus.filter((item) => ENTRY_TYPES.includes(item.type)).length;

  return (
    <main style={{ padding: 24 }}>
      <Typography.Title level={3}>{t('home.welcome', { name: user.name || user.userName })}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.menuCount', { count: entries })}</Typography.Paragraph>
      <DutyPanel menus={user.menus} />
      <Typography.Title level={4}>{t('overview.title')}</Typography.Title>
      {cards.length === 0 ? (
        <Empty description={t('overview.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {cards.map((card) => (
            <Col key={card.code} xs={24} sm={12} lg={8} xl={6}>
              <Card
                hoverable={card.firstUrl !== null}
                role="link"
                aria-label={localName(card, i18n.language)}
                aria-disabled={card.firstUrl === null}
                tabIndex={0}
                onClick={() => card.firstUrl && navigate(card.firstUrl)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && card.firstUrl) navigate(card.firstUrl);
                }}
              >
                <Card.Meta
                  avatar={<span style={{ fontSize: 32 }}>{ICONS[card.icon] ?? <AppstoreOutlined />}</span>}
                  title={localName(card, i18n.language)}
                  description={
                    card.firstUrl ? t('overview.pages', { count: card.pages }) : t('overview.noPage')
                  }
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </main>
  );
}
