import { authEndpoints, projectEndpoints, type UpdatePasswordRequest } from '@cityops/contract';
import { http } from '../../app/http';

/** POST /user/updatePwd; a refusal (e.g. a wrong old password) is shown by the client. */
export const updatePassword = (body: UpdatePasswordRequest) =>
  http.call(authEndpoints.updatePassword, { body });

/** GET /sys/project/listByUser. */
export const listMyProjects = (signal?: AbortSignal) => http.call(projectEndpoints.listByUser, { signal });

/** POST /user/set/addUpdateProject?projectId=N. */
export const setDefaultProject = (projectId: number) =>
  http.call(projectEndpoints.setDefault, { query: { projectId }, body: {} });

/** After a password change the old session is over: a full reload on the login page. */
export const reloadToLogin = () => window.location.replace('/login');
