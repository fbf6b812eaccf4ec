import { Alert, Card, ListGroup } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROFILE_TEXTS,
  SUCCESS_CODE,
  calls,
  CODES,
  NETWORK_ERROR,
  SHELL_MESSAGES,
  type DeviceStatus,
} from '@portico/contracts';
import { useApi } from '../../api/context';
import { Loading } from '../../ui/Loading';
import { useDialogs } from '../../ui/dialogs-context';
import { useToasts } from '../../ui/toasts-context';
import { devicesQuery, profileKeys, type Device } from '../queries';
import { DeviceRow } from './DeviceRow';
import { removalFailure, statusFailure } from './device-rules';

const T = PROFILE_TEXTS;

/** The Devices list of section 2: status changes and removal behind a confirmation. */
export function DevicesSection() {
  const api = useApi();
  const queryClient = useQueryClient();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const { data } = useQuery(devicesQuery(api));

  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.devices });

  function askStatus(device: Device, status: DeviceStatus) {
    dialogs.open({
      title: T.statusTitle,
      content: T.statusConfirm(device.name, status),
      confirmContent: T.confirm,
      onConfirm: async () => {
        const answer = await api.callApi(calls.devices.setStatus, { id: device.id, status });
        if (answer.Code === SUCCESS_CODE) {
          toasts.show({
            Title: T.devicesTitle,
            Msg: T.statusChanged(device.name, status),
            Type: 'success',
          });
        } else {
          toasts.show({ Title: T.devicesTitle, Msg: statusFailure(answer.Code), Type: 'danger' });
        }
        await refresh();
      },
    });
  }

  function askRemove(device: Device) {
    dialogs.open({
      title: T.removeTitle,
      content: T.removeConfirm(device.name),
      confirmContent: T.removeDevice,
      confirmVariant: 'danger',
      onConfirm: async () => {
        const answer = await api.callApi(calls.devices.remove, { id: device.id });
        if (answer.Code === SUCCESS_CODE) {
          toasts.show({ Title: T.devicesTitle, Msg: T.removed(device.name), Type: 'success' });
        } else {
          toasts.show({ Title: T.devicesTitle, Msg: removalFailure(answer.Code), Type: 'danger' });
        }
        await refresh();
      },
    });
  }

  return (
    <Card as="section" className="mb-3" aria-labelledby="profile-devices-title">
      <Card.Header as="h2" id="profile-devices-title" className="h6 bg-body">
        {T.devicesTitle}
      </Card.Header>
      {data === undefined ? (
        <Loading />
      ) : data.Code !== SUCCESS_CODE ? (
        <Alert variant="danger" className="m-3">
          {data.Code === NETWORK_ERROR ? SHELL_MESSAGES.networkError : CODES.server_error.text}
        </Alert>
      ) : data.Msg.devices.length === 0 ? (
        <Card.Body className="text-body-secondary">{T.noDevices}</Card.Body>
      ) : (
        <ListGroup variant="flush" aria-label={T.devicesTitle}>
          {data.Msg.devices.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              currentDeviceId={data.Msg.current_device_id}
              onStatus={(status) => askStatus(device, status)}
              onRemove={() => askRemove(device)}
            />
          ))}
        </ListGroup>
      )}
    </Card>
  );
}
