import type { createOrgSchema, OrgNode, OrgOption, OrgRow, updateOrgSchema } from '@cityops/contract';
import { ORGANIZATION } from '@cityops/contract';
import type { z } from 'zod';
import type { Database } from '../../db/connection.js';
import { forest } from '../../db/forest.js';
import type { AppContext } from '../../http/context.js';
import { refuse } from '../../http/envelope.js';
import { changedFields, recordAudit, type Actor } from '../logs/audit.js';
import * as repo from './repository.js';

/** The organization structure (platform-shell.md §3 Organization): a tree, each change in one transaction with its log row. */

type Ctx = Pick<AppContext, 'db' | 'now'>;
type CreateInput = z.output<typeof createOrgSchema>;
type UpdateInput = z.output<typeof updateOrgSchema>;
type Fields = Omit<CreateInput, never>;

const LOGGED_FIELDS = [
  'name',
  'parentId',
  'longitude',
  'latitude',
  'orgType',
  'projectStart',
  'projectEnd',
  'responsible',
  'phone',
  'peopleCount',
  'departmentCount',
  'remarks',
  'sortNum',
] as const satisfies readonly (keyof OrgRow & keyof Fields)[];

/** The organizations whose name contains `name` (any case), with their ancestors to keep the tree. */
function pruned(nodes: readonly OrgNode[], name: string): OrgNode[] {
  const needle = name.toLowerCase();
  return nodes.flatMap((node) => {
    const children = pruned(node.children, name);
    return node.name.toLowerCase().includes(needle) || children.length > 0 ? [{ ...node, children }] : [];
  });
}

export async function orgTree(ctx: Ctx, name?: string): Promise<OrgNode[]> {
  const tree = forest(
    await repo.allOrgRows(ctx.db),
    (row) => row.orgId,
    (row) => row.parentId,
    (row): OrgNode => ({ ...row, children: [] }),
  );
  return name ? pruned(tree, name) : tree;
}

export async function orgOptions(ctx: Ctx): Promise<OrgOption[]> {
  const lean = (node: OrgNode): OrgOption => ({
    orgId: node.orgId,
    name: node.name,
    children: node.children.map(lean),
  });
  return (await orgTree(ctx)).map(lean);
}

async function orgRow(db: Database, orgId: number): Promise<OrgRow> {
  return (await repo.findOrgRow(db, orgId)) ?? refuse('admin.notFound');
}

/** The rules on a form's choices: the parent (exists, not itself or below it), the sibling name, the type. */
async function checkFields(db: Database, fields: Fields, before: OrgRow | null) {
  if (fields.parentId !== null) {
    if (before && (await repo.isInSubtree(db, before.orgId, fields.parentId)))
      refuse('organization.parentCycle');
    if (!(await repo.orgExists(db, fields.parentId))) refuse('organization.unknownParent');
  }
  if (await repo.siblingHasName(db, fields.parentId, fields.name, before?.orgId))
    refuse('organization.nameTaken');
  // A type disabled since it was chosen stays on the organizations that have it; new choices must be offered ones.
  const typeChanged = fields.orgType !== (before?.orgType ?? '');
  if (fields.orgType !== '' && typeChanged && !(await repo.orgTypeEnabled(db, fields.orgType)))
    refuse('organization.unknownType');
}

const columnsOf = (fields: Fields) => ({
  name: fields.name,
  parentId: fields.parentId,
  longitude: fields.longitude,
  latitude: fields.latitude,
  orgType: fields.orgType,
  projectStart: fields.projectStart,
  projectEnd: fields.projectEnd,
  responsible: fields.responsible,
  phone: fields.phone,
  peopleCount: fields.peopleCount,
  departmentCount: fields.departmentCount,
  remarks: fields.remarks,
  sortNum: fields.sortNum,
});

export async function createOrg(ctx: Ctx, actor: Actor, input: CreateInput): Promise<OrgRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await repo.lockTree(tx);
    await checkFields(tx, input, null);
    const orgId = await repo.insertOrg(tx, {
      ...columnsOf(input),
      editor: actor.account,
      createdAt: now,
      updatedAt: now,
    });
    const created = await orgRow(tx, orgId);
    await recordAudit(tx, actor, now, {
      module: ORGANIZATION,
      action: 'create',
      targetId: orgId,
      targetName: created.name,
      changes: changedFields(null, created, LOGGED_FIELDS),
    });
    return created;
  });
}

export async function updateOrg(ctx: Ctx, actor: Actor, input: UpdateInput): Promise<OrgRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await repo.lockTree(tx);
    const before = await orgRow(tx, input.orgId);
    await checkFields(tx, input, before);
    await repo.updateOrg(tx, input.orgId, { ...columnsOf(input), editor: actor.account, updatedAt: now });
    const after = await orgRow(tx, input.orgId);
    await recordAudit(tx, actor, now, {
      module: ORGANIZATION,
      action: 'update',
      targetId: input.orgId,
      targetName: before.name,
      changes: changedFields(before, after, LOGGED_FIELDS),
    });
    return after;
  });
}

/** Deletes an organization that has neither sub-organizations nor users. */
export async function deleteOrg(ctx: Ctx, actor: Actor, orgId: number) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.lockTree(tx);
    const before = await orgRow(tx, orgId);
    const dependants = await repo.dependantsOf(tx, orgId);
    if (dependants.children > 0 || dependants.users > 0) refuse('organization.inUse', dependants);
    await repo.deleteOrg(tx, orgId);
    await recordAudit(tx, actor, now, {
      module: ORGANIZATION,
      action: 'delete',
      targetId: orgId,
      targetName: before.name,
      changes: changedFields(before, null, LOGGED_FIELDS),
    });
  });
}
