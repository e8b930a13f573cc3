import type { ProjectPerson } from '@cityops/contract';

/** A member by name, and the account that tells two of the same name apart (when known). */
export const memberLabel = (member: ProjectPerson) =>
  member.userName ? `${member.name}（${member.userName}）` : member.name;

export const memberOption = (member: ProjectPerson) => ({ value: member.userId, label: memberLabel(member) });
