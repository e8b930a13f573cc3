import {
  alarmRuleEndpoints,
  productEndpoints,
  type CreateFunction,
  type CreateProduct,
  type UpdateFunction,
  type UpdateProduct,
} from '@cityops/contract';
import { useEndpointMutation, useEndpointQuery } from '@cityops/crud';
import type { z } from 'zod';

/** The thing model's calls (产品管理, 功能管理, 模型设置); each change refreshes what shows it. */

const products = [productEndpoints.page, productEndpoints.all, productEndpoints.model];
const models = [productEndpoints.model, productEndpoints.page];
const rules = [alarmRuleEndpoints.list];

export const useCreateProduct = () =>
  useEndpointMutation(productEndpoints.create, (body: CreateProduct) => ({ body }), products);
export const useUpdateProduct = () =>
  useEndpointMutation(productEndpoints.update, (body: UpdateProduct) => ({ body }), products);
export const useDeleteProduct = () =>
  useEndpointMutation(productEndpoints.delete, (id: number) => ({ params: { id } }), products);

/** A product with its functions; nothing until one is chosen. */
export const useThingModel = (productId: number | undefined) =>
  useEndpointQuery(
    productEndpoints.model,
    { params: { id: productId ?? 0 } },
    { enabled: productId !== undefined },
  );

export const useCreateFunction = () =>
  useEndpointMutation(productEndpoints.createFunction, (body: CreateFunction) => ({ body }), models);
export const useUpdateFunction = () =>
  useEndpointMutation(productEndpoints.updateFunction, (body: UpdateFunction) => ({ body }), models);
export const useDeleteFunction = () =>
  useEndpointMutation(productEndpoints.deleteFunction, (id: number) => ({ params: { id } }), models);

export const useRules = (productId: number | undefined) =>
  useEndpointQuery(alarmRuleEndpoints.list, { query: { productId } }, { enabled: productId !== undefined });

type CreateRule = z.input<typeof alarmRuleEndpoints.create.body>;
type UpdateRule = z.input<typeof alarmRuleEndpoints.update.body>;
export const useCreateRule = () =>
  useEndpointMutation(alarmRuleEndpoints.create, (body: CreateRule) => ({ body }), rules);
export const useUpdateRule = () =>
  useEndpointMutation(alarmRuleEndpoints.update, (body: UpdateRule) => ({ body }), rules);
export const useDeleteRule = () =>
  useEndpointMutation(alarmRuleEndpoints.delete, (id: number) => ({ params: { id } }), rules);
