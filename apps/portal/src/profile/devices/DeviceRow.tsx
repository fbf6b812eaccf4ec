import { Badge, Button, Form, ListGroup } from 'react-bootstrap';
import {
  DEVICE_MESSAGES,
  DEVICE_STATUSES,
  PROFILE_TEXTS,
  type DeviceStatus,
} from '@portico/contracts';
import type { Device } from '../queries';
import { isInUse, lastAccessedText } from './device-rules';

const T = PROFILE_TEXTS;

export interface DeviceRowProps {
  device: Device;
  currentDeviceId: string;
  /** A different status was chosen; nothing changes until it is confirmed. */
  onStatus(status: DeviceStatus): void;
  onRemove(): void;
}

/** One device: name, type, status, last accessed; the one in use is read-only. */
export function DeviceRow({ device, currentDeviceId, onStatus, onRemove }: DeviceRowProps) {
  const inUse = isInUse(device, currentDeviceId);
  const statusId = `device-status-${device.id}`;
  return (
    <ListGroup.Item as="article" aria-label={device.name} className="device-row">
      <div className="device-row-info">
        <div className="fw-semibold text-break">
          {device.name}
          {inUse && (
            <Badge bg="primary" className="ms-2 fw-normal">
              {DEVICE_MESSAGES.inUse}
            </Badge>
          )}
        </div>
        <div className="small text-body-secondary">
          {T.deviceType}: {device.type} · {T.deviceLastAccessed}:{' '}
          {lastAccessedText(device.last_accessed)}
        </div>
      </div>
      <div className="device-row-actions">
        {inUse ? (
          <div className="small">
            <span className="text-body-secondary">{T.deviceStatus}: </span>
            <span>{device.status}</span>
          </div>
        ) : (
          <>
            <Form.Label htmlFor={statusId} className="visually-hidden">
              {`${T.deviceStatus} of ${device.name}`}
            </Form.Label>
            <Form.Select
              id={statusId}
              size="sm"
              className="device-status"
              value={device.status}
              onChange={(event) => onStatus(event.target.value as DeviceStatus)}
            >
              {DEVICE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </Form.Select>
            <Button size="sm" variant="outline-danger" onClick={onRemove}>
              {T.removeDevice}
            </Button>
          </>
        )}
      </div>
    </ListGroup.Item>
  );
}
