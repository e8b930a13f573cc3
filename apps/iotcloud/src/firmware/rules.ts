import {
  createUpgradeJobSchema,
  UPGRADE_TIMEOUT_DEFAULT,
  type CreateUpgradeJob,
  type UpgradeTargetState,
} from '@cityops/contract';

/** What the create dialog's form holds. */
export interface JobForm {
  name?: string;
  productId?: number;
  firmwareId?: number;
  scope: 'devices' | 'project';
  projectId?: number;
  timeoutSeconds?: number;
}

export type JobProblem = 'chooseDevices' | 'chooseProject' | 'chooseFirmware' | 'nameRequired';

/**
 * The request of a new job, or what is missing: a name, a firmware, and either at least one chosen
 * device (of the firmware's product: the table only offers those) or a project.
 */
export function jobRequest(
  form: JobForm,
  chosen: readonly number[],
): { body: CreateUpgradeJob } | { problem: JobProblem } {
  const name = form.name?.trim() ?? '';
  if (!name) return { problem: 'nameRequired' };
  if (form.firmwareId === undefined) return { problem: 'chooseFirmware' };
  if (form.scope === 'devices' && chosen.length === 0) return { problem: 'chooseDevices' };
  if (form.scope === 'project' && form.projectId === undefined) return { problem: 'chooseProject' };
  const body: CreateUpgradeJob = {
    name,
    firmwareId: form.firmwareId,
    timeoutSeconds: form.timeoutSeconds ?? UPGRADE_TIMEOUT_DEFAULT,
    ...(form.scope === 'devices' ? { deviceIds: [...new Set(chosen)] } : { projectId: form.projectId }),
  };
  // The contract's own check (lengths, limits), so the page never sends what the server refuses.
  return createUpgradeJobSchema.safeParse(body).success ? { body } : { problem: 'chooseDevices' };
}

/** The colour of a target's state tag. */
export const TARGET_COLOURS: Record<UpgradeTargetState, string> = {
  pending: 'default',
  sent: 'processing',
  downloading: 'processing',
  installing: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
};
