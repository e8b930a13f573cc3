import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { keepEvidence, openBrowser, type Browser } from '../src/browser.js';
import { DEMO, signIn } from '../src/signIn.js';

const baseUrl = inject('baseUrl');
const PROJECT = '深圳南山智慧路灯示范项目';
let browser: Browser;

afterEach(async (context) => {
  await keepEvidence(browser, context.task);
  await browser.close();
});

/** 项目管理 → the demo project's 详情: the drawer with its plan, posts and auditors. */
async function openDetails(page: Page): Promise<Locator> {
  await page.goto(`${baseUrl}/admin/project`);
  await page
    .getByRole('row', { name: new RegExp(PROJECT) })
    .getByRole('button', { name: /详\s*情/ })
    .click();
  const drawer = page.getByRole('dialog').filter({ hasText: `项目详情：${PROJECT}` });
  await drawer.waitFor();
  return drawer;
}

/** Picks a choice from the open drop-down of a select. */
async function choose(page: Page, field: Locator, choice: string) {
  await field.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: choice,
    })
    .click();
}

/** Types a day into a date picker and takes it with Enter, as a person does. */
async function typeDay(field: Locator, day: string) {
  await field.click();
  await field.fill(day);
  await field.press('Enter');
}

describe('项目管理 详情 (a project’s plan and auditors)', () => {
  it('adds a segment to the demo project’s cycle and finds it after a reload; a taken cycle name is refused, what was typed kept', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    let drawer = await openDetails(page);
    await drawer.getByText('一期建设').waitFor();
    await drawer.getByRole('cell', { name: '设备安装调试' }).waitFor();

    await drawer
      .getByRole('button', { name: /新增环节/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增环节 · 一期建设' });
    await dialog.locator('#name').fill('系统联调');
    await typeDay(dialog.locator('#startDate'), '2025-10-01');
    // A day outside the cycle is refused before anything is sent.
    await typeDay(dialog.locator('#endDate'), '2026-01-15');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('环节的起止日期须在所属周期的起止日期之内').waitFor();
    await typeDay(dialog.locator('#endDate'), '2025-10-31');
    await choose(page, dialog.locator('#state'), '进行中');
    await choose(page, dialog.locator('#ownerId'), '值班员小王（operator）');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('新增成功').first().waitFor();
    await drawer.getByRole('cell', { name: '系统联调' }).waitFor();

    await page.reload();
    drawer = await openDetails(page);
    const row = drawer.getByRole('row', { name: /系统联调/ });
    await row.waitFor();
    await row.getByText('2025-10-01 ~ 2025-10-31').waitFor();
    await row.getByText('进行中').waitFor();
    await row.getByText('值班员小王').waitFor();

    // A refusal only the server knows (the name is taken) is shown, and the dialog keeps what was typed.
    await drawer.getByRole('button', { name: /新增周期/ }).click();
    const adding = page.getByRole('dialog').filter({ hasText: '新增周期' });
    await adding.locator('#name').fill('一期建设');
    await typeDay(adding.locator('#startDate'), '2026-01-01');
    await typeDay(adding.locator('#endDate'), '2026-06-30');
    await adding.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('该项目下已有同名周期').first().waitFor();
    expect(await adding.locator('#name').inputValue()).toBe('一期建设');
    expect(await adding.locator('#endDate').inputValue()).toBe('2026-06-30');
    await adding.locator('#name').fill('二期扩容');
    await adding.getByRole('button', { name: /保\s*存/ }).click();
    await drawer.getByRole('region', { name: '二期扩容' }).getByText('2026-01-01 ~ 2026-06-30').waitFor();
  });

  it('sets the alarm auditors’ order and keeps it', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, baseUrl, DEMO.admin);
    let drawer = await openDetails(page);
    await drawer.getByRole('tab', { name: '审核人' }).click();
    let alarm = drawer.getByRole('region', { name: '告警' });
    await alarm.getByRole('listitem').filter({ hasText: '系统管理员（admin）' }).waitFor();

    // The operator joins the alarm auditors, last; moved up, the operator audits first.
    await choose(page, alarm.getByRole('combobox'), '值班员小王（operator）');
    await page.keyboard.press('Escape');
    await alarm.getByRole('button', { name: '上移 值班员小王（operator）' }).click();
    const order = () => alarm.getByRole('listitem').allTextContents();
    expect(await order()).toEqual(['值班员小王（operator）', '系统管理员（admin）']);
    await alarm.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('审核人设置成功').first().waitFor();

    await page.reload();
    drawer = await openDetails(page);
    await drawer.getByRole('tab', { name: '审核人' }).click();
    alarm = drawer.getByRole('region', { name: '告警' });
    await alarm.getByRole('listitem').first().waitFor();
    expect(await order()).toEqual(['值班员小王（operator）', '系统管理员（admin）']);
    // The other business types are as they were.
    await drawer.getByRole('region', { name: '工单' }).getByText('未设置审核人').waitFor();
  });
});
