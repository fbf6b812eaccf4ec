import { createContext, useContext } from 'react';
import { createApiClient, type ApiClient } from './client';

/** The portal's one API client; tests give a fresh one through `ApiProvider`. */
export const defaultApiClient = createApiClient();

const ApiContext = createContext<ApiClient>(defaultApiClient);

export const ApiProvider = ApiContext.Provider;

export function useApi(): ApiClient {
  return useContext(ApiContext);
}
