import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Input,
  Layout,
  Modal,
  Row,
  Segmented,
  Spin,
  Switch,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { OffPageConfigProvider } from '@cityops/ui';
import { useActiveTheme } from '../features/theme/themePalette';

const TABS = [{ key: 'home', label: 'home', closable: true }];

/**
 * The antd components the first signed-in screen shows (the header, its actions and dialogs, the tab
 * bar, the landing page's cards), rendered into a hidden box while the user is on the light login.
 * antd computes a component's styles the first time it renders in a theme and keeps them
 * while one instance is mounted, and the browser compiles their code on its first run: done here,
 * while the user types, neither stands between the click on 登录 and the menu. The boot keeps this
 * mounted until the shell is on screen, so the styles are still held when the shell's components
 * ask for them. It calls nothing and holds no data.
 */
export function ShellWarmup() {
  const { mode, palette } = useActiveTheme();
  return (
    <div hidden aria-hidden data-warmup="">
      <OffPageConfigProvider mode={mode} palette={palette}>
        <Layout>
          <Layout.Header>
            <Flex align="center" gap={4}>
              <Button type="text" icon={<AppstoreOutlined />} />
              <Button type="link" size="small">
                a
              </Button>
              <Button type="primary">a</Button>
              <Tooltip title="a">
                <Badge count={1} size="small">
                  <Button type="text" />
                </Badge>
              </Tooltip>
              <Dropdown menu={{ items: [] }}>
                <Button type="text">a</Button>
              </Dropdown>
              <Switch size="small" />
              <Segmented options={['a', 'b']} />
            </Flex>
          </Layout.Header>
          <Layout>
            <Layout.Sider width={220} />
            <Layout.Content>
              <Alert type="warning" title="a" />
              <Tabs type="editable-card" hideAdd size="small" items={TABS} />
              <Typography.Title level={3}>a</Typography.Title>
              <Typography.Paragraph type="secondary">a</Typography.Paragraph>
              <Typography.Text strong>a</Typography.Text>
              <Row gutter={[16, 16]}>
                <Col xs={24} sm={12} lg={8} xl={6}>
                  <Card hoverable>
                    <Card.Meta avatar={<AppstoreOutlined />} title="a" description="a" />
                  </Card>
                </Col>
              </Row>
              <Empty />
              <Input />
              <Spin />
            </Layout.Content>
          </Layout>
        </Layout>
        <Modal open={false} />
        <Drawer open={false} />
      </OffPageConfigProvider>
    </div>
  );
}
