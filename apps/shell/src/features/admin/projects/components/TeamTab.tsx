import { Alert, Card, Empty, Skeleton, Space, Table, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { PostNode, ProjectUser } from '@cityops/contract';
import { usePostTree, useProjectUsers } from '../planQueries';
import { projectTexts } from '../texts';

const allKeys = (nodes: PostNode[]): number[] =>
  nodes.flatMap((node) => [node.postId, ...allKeys(node.children)]);

/**
 * 岗位人员 (read only): the project's post tree with the members holding each post, and every member
 * with their post. Members are given projects in 用户管理; there is nothing to edit here.
 */
export function TeamTab({ projectId }: { projectId: number }) {
  const t = projectTexts.useTexts();
  const tree = usePostTree(projectId);
  const users = useProjectUsers(projectId);

  const toNode = (post: PostNode): DataNode => ({
    key: post.postId,
    title: (
      <Space size={4} wrap>
        <Typography.Text strong>{post.name}</Typography.Text>
        {post.users.length === 0 ? (
          <Typography.Text type="secondary">{t('vacant')}</Typography.Text>
        ) : (
          post.users.map((user) => <Tag key={user.userId}>{user.name}</Tag>)
        )}
      </Space>
    ),
    children: post.children.map(toNode),
  });

  const failed = tree.error ?? users.error;
  if (failed) return <Alert type="error" showIcon title={failed.message} />;
  if (!tree.data || !users.data) return <Skeleton active />;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={`${t('teamReadOnly')}${t('membersHint')}`} />
      <Card size="small" title={t('posts')}>
        {tree.data.length === 0 ? (
          <Empty description={t('noPosts')} />
        ) : (
          <Tree
            aria-label={t('posts')}
            selectable={false}
            blockNode
            defaultExpandedKeys={allKeys(tree.data)}
            treeData={tree.data.map(toNode)}
          />
        )}
      </Card>
      <Card size="small" title={t('members')}>
        <Table<ProjectUser>
          size="small"
          rowKey="userId"
          pagination={false}
          dataSource={users.data}
          aria-label={t('members')}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('memberName') },
            { key: 'userName', dataIndex: 'userName', title: t('account') },
            {
              key: 'post',
              title: t('post'),
              render: (_, user) =>
                user.postName ?? <Typography.Text type="secondary">{t('noPost')}</Typography.Text>,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
