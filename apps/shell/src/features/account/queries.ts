import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readToken } from '@cityops/client';
import { sessionKey } from '../auth/queries';
import { listMyProjects, setDefaultProject } from './api';

export const accountKeys = {
  myProjects: ['projects', 'mine'] as const,
};

/** The projects the user belongs to, to pick the default from. */
export function useMyProjects() {
  return useQuery({
    queryKey: accountKeys.myProjects,
    queryFn: ({ signal }) => listMyProjects(signal),
  });
}

/** Sets the default project; the session learns it without asking the server for the whole session. */
export function useSetDefaultProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultProject,
    onSuccess: (saved) =>
      queryClient.setQueryData(sessionKey(readToken()), (user) =>
        user ? { ...user, defaultProjectId: saved.projectId } : user,
      ),
  });
}
