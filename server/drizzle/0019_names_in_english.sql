ALTER TABLE "iot_alarms" ADD COLUMN "title_en" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_alarm_rules" ADD COLUMN "name_en" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "iot_products" ADD COLUMN "name_en" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_events" ADD COLUMN "title_en" varchar(200);--> statement-breakpoint
ALTER TABLE "message_events" ADD COLUMN "content_en" varchar(2000);--> statement-breakpoint
-- Sign-in log reasons become codes (contract admin/signInReasons.ts), shown in the reader's language.
-- The lock-outs count rows by these codes, so the rows written before keep counting.
UPDATE "operation_log" SET "detail" = CASE "detail"
	WHEN 'wrong account or password' THEN 'wrongPassword'
	WHEN 'account locked' THEN 'accountLocked'
	WHEN 'account disabled' THEN 'accountDisabled'
	WHEN 'no permissions' THEN 'noPermissions'
	WHEN 'locked for this address after repeated failures' THEN 'addressLocked'
	WHEN 'locked for new addresses after repeated failures from many' THEN 'accountLockedForNewAddresses'
	WHEN 'ticket unknown, expired or used' THEN 'ticketInvalid'
	WHEN 'by one-time ticket' THEN 'byTicket'
	WHEN 'by ticket: account locked' THEN 'byTicketRefused:accountLocked'
	WHEN 'by ticket: account disabled' THEN 'byTicketRefused:accountDisabled'
	WHEN 'by ticket: no permissions' THEN 'byTicketRefused:noPermissions'
	WHEN 'wrong current password' THEN 'wrongCurrentPassword'
	WHEN 'paused after repeated wrong current passwords' THEN 'passwordChangePaused'
	WHEN 'refused: too many wrong current passwords' THEN 'passwordChangeRefused'
	END
WHERE "detail" IN ('wrong account or password', 'account locked', 'account disabled', 'no permissions',
	'locked for this address after repeated failures', 'locked for new addresses after repeated failures from many',
	'ticket unknown, expired or used', 'by one-time ticket', 'by ticket: account locked',
	'by ticket: account disabled', 'by ticket: no permissions', 'wrong current password',
	'paused after repeated wrong current passwords', 'refused: too many wrong current passwords');--> statement-breakpoint
UPDATE "operation_log" SET "detail" = 'ticketPurpose:' || substr("detail", 10)
WHERE "action" = 'ticket_issued' AND "detail" LIKE 'purpose: %';--> statement-breakpoint
-- The demo products, functions and rules as seeded before they had English names (contract
-- devices/demo.ts), where their Chinese name is still the shipped one: an administrator's own is left alone.
UPDATE "iot_products" SET "name_en" = 'Environment sensor' WHERE lower("product_key") = 'env-sensor' AND "name" = '环境监测仪' AND "name_en" = '';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Temperature') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'env-sensor' AND f."identifier" = 'temperature' AND f."name" = '温度' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Humidity') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'env-sensor' AND f."identifier" = 'humidity' AND f."name" = '湿度' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'PM2.5') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'env-sensor' AND f."identifier" = 'pm25' AND f."name" = 'PM2.5' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Noise') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'env-sensor' AND f."identifier" = 'noise' AND f."name" = '噪声' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Sensor fault') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'env-sensor' AND f."identifier" = 'sensorFault' AND f."name" = '传感器故障' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_products" SET "name_en" = 'Smart manhole cover' WHERE lower("product_key") = 'well-lid' AND "name" = '智能井盖' AND "name_en" = '';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Tilt angle') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'well-lid' AND f."identifier" = 'tilt' AND f."name" = '倾斜角度' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Battery') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'well-lid' AND f."identifier" = 'battery' AND f."name" = '电量' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Signal strength') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'well-lid' AND f."identifier" = 'signal' AND f."name" = '信号强度' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Cover tilted') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'well-lid' AND f."identifier" = 'tiltAlarm' AND f."name" = '井盖倾斜' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_products" SET "name_en" = 'Manhole cover base station' WHERE lower("product_key") = 'well-lid-base' AND "name" = '井盖基站' AND "name_en" = '';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Signal strength') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'well-lid-base' AND f."identifier" = 'signal' AND f."name" = '信号强度' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Linked covers') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'well-lid-base' AND f."identifier" = 'linked' AND f."name" = '接入井盖数' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_products" SET "name_en" = 'Manhole cover repeater' WHERE lower("product_key") = 'well-lid-repeater' AND "name" = '井盖中继器' AND "name_en" = '';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Battery') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'well-lid-repeater' AND f."identifier" = 'battery' AND f."name" = '电量' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Signal strength') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'well-lid-repeater' AND f."identifier" = 'signal' AND f."name" = '信号强度' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_products" SET "name_en" = 'Smart switch' WHERE lower("product_key") = 'smart-switch' AND "name" = '智能开关' AND "name_en" = '';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Switch state') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'smart-switch' AND f."identifier" = 'on' AND f."name" = '开关状态' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Power') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'smart-switch' AND f."identifier" = 'power' AND f."name" = '功率' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Voltage') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'smart-switch' AND f."identifier" = 'voltage' AND f."name" = '电压' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Switch control') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'smart-switch' AND f."identifier" = 'setSwitch' AND f."name" = '开关控制' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_products" SET "name_en" = 'Lamp controller' WHERE lower("product_key") = 'street-lamp' AND "name" = '单灯控制器' AND "name_en" = '';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Switch state') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'street-lamp' AND f."identifier" = 'on' AND f."name" = '开关状态' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Brightness') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'street-lamp' AND f."identifier" = 'brightness' AND f."name" = '亮度' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Power') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'street-lamp' AND f."identifier" = 'power' AND f."name" = '功率' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Switch and dim') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'street-lamp' AND f."identifier" = 'setLamp' AND f."name" = '开关调光' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_products" SET "name_en" = 'IoT gateway' WHERE lower("product_key") = 'iot-gateway' AND "name" = '物联网关' AND "name_en" = '';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Uptime') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'iot-gateway' AND f."identifier" = 'uptime' AND f."name" = '运行时长' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Relay states') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'iot-gateway' AND f."identifier" = 'relays' AND f."name" = '继电器状态' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Relay control') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'iot-gateway' AND f."identifier" = 'setRelay' AND f."name" = '继电器控制' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_product_functions" f SET "definition" = f."definition" || jsonb_build_object('nameEn', 'Restart') FROM "iot_products" p WHERE p."product_id" = f."product_id" AND lower(p."product_key") = 'iot-gateway' AND f."identifier" = 'restart' AND f."name" = '重启' AND NOT f."definition" ? 'nameEn';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'PM2.5 too high' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'env-sensor' AND r."name" = 'PM2.5超标' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'Too noisy' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'env-sensor' AND r."name" = '噪声超标' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'Cover tilted too far' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'well-lid' AND r."name" = '井盖倾角超限' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'Cover battery low' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'well-lid' AND r."name" = '井盖电量低' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'PM2.5 rising fast' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'env-sensor' AND r."name" = 'PM2.5快速上升' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'High temperature expected' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'env-sensor' AND r."name" = '预计高温' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'Environment sensor offline' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'env-sensor' AND r."name" = '环境监测仪离线' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'Smart manhole cover offline' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'well-lid' AND r."name" = '智能井盖离线' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'Manhole cover base station offline' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'well-lid-base' AND r."name" = '井盖基站离线' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'Manhole cover repeater offline' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'well-lid-repeater' AND r."name" = '井盖中继器离线' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'Smart switch offline' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'smart-switch' AND r."name" = '智能开关离线' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'Lamp controller offline' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'street-lamp' AND r."name" = '单灯控制器离线' AND r."name_en" = '';--> statement-breakpoint
UPDATE "iot_alarm_rules" r SET "name_en" = 'IoT gateway offline' FROM "iot_products" p WHERE p."product_id" = r."product_id" AND lower(p."product_key") = 'iot-gateway' AND r."name" = '物联网关离线' AND r."name_en" = '';
--> statement-breakpoint
-- Alarms raised before: the English name of their rule, or of the event that raised them.
UPDATE "iot_alarms" a SET "title_en" = r."name_en" FROM "iot_alarm_rules" r
WHERE a."rule_id" = r."rule_id" AND a."title" = r."name" AND r."name_en" <> '';--> statement-breakpoint
UPDATE "iot_alarms" a SET "title_en" = f."definition" ->> 'nameEn'
FROM "iot_devices" d JOIN "iot_product_functions" f ON f."product_id" = d."product_id"
WHERE a."device_id" = d."device_id" AND a."source" = 'event:' || f."identifier" AND a."title" = f."name"
	AND f."definition" ? 'nameEn';
