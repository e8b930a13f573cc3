import { licenceManageEndpoints } from '@cityops/contract';
import { useEndpointQuery } from '@cityops/crud';

/** 许可证管理's list and 许可证续期's request; registering is the /license page's call. */
export const useLicenceDetail = () => useEndpointQuery(licenceManageEndpoints.detail, { query: {} });
export const useRegisteredLicences = () => useEndpointQuery(licenceManageEndpoints.list, { query: {} });
export const useRenewalRequest = () => useEndpointQuery(licenceManageEndpoints.renewalRequest, { query: {} });
export const useDeviceUsage = () => useEndpointQuery(licenceManageEndpoints.deviceUsage, { query: {} });
