import { Select, type SelectProps } from 'antd';
import { useMyProjects } from '../queries';

/** A choice among the user's projects (by id): one or several, in a form or a search bar. */
export function ProjectSelect(props: Omit<SelectProps, 'options' | 'loading'>) {
  const projects = useMyProjects();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      loading={projects.isLoading}
      options={(projects.data ?? []).map((project) => ({
        value: project.projectId,
        label: project.projectName,
      }))}
    />
  );
}
