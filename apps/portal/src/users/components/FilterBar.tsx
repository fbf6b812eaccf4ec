import { Button, Col, Form, Row } from 'react-bootstrap';
import { ALL_FILTER, USERS_MESSAGES, USERS_SCREEN_TEXTS } from '@portico/contracts';
import type { useUsersFilters } from '../use-users-filters';

const T = USERS_SCREEN_TEXTS;

export interface FilterBarProps {
  filters: ReturnType<typeof useUsersFilters>;
  branches: readonly { id: string; name: string }[];
  apps: readonly { id: string; name: string }[];
}

/** Search box, branch and app filters, and Clear filters while any is set (section 2). */
export function FilterBar({ filters, branches, apps }: FilterBarProps) {
  return (
    <Row className="g-2 align-items-end">
      <Col xs={12} md>
        <Form.Group controlId="users-search">
          <Form.Label className="small mb-1">{T.searchLabel}</Form.Label>
          <Form.Control
            type="search"
            size="sm"
            placeholder={T.searchPlaceholder}
            value={filters.searchInput}
            onChange={(event) => filters.typeSearch(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                filters.submitSearch();
              }
            }}
          />
        </Form.Group>
      </Col>
      <Col xs={6} md="auto">
        <Form.Group controlId="users-branch-filter">
          <Form.Label className="small mb-1">{T.branchFilterLabel}</Form.Label>
          <Form.Select
            size="sm"
            value={filters.branch}
            onChange={(event) => filters.setBranch(event.currentTarget.value)}
          >
            <option value={ALL_FILTER}>{USERS_MESSAGES.allBranches}</option>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      <Col xs={6} md="auto">
        <Form.Group controlId="users-app-filter">
          <Form.Label className="small mb-1">{T.appFilterLabel}</Form.Label>
          <Form.Select
            size="sm"
            value={filters.app}
            onChange={(event) => filters.setApp(event.currentTarget.value)}
          >
            <option value={ALL_FILTER}>{USERS_MESSAGES.allApps}</option>
            {apps.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      {filters.filtered && (
        <Col xs={12} md="auto">
          <Button size="sm" variant="outline-secondary" onClick={filters.clear}>
            {T.clearFilters}
          </Button>
        </Col>
      )}
    </Row>
  );
}
