//! Accounts as typed: the roles, the checks of a new account's name and password,
//! and why an account's form is refused, one variant per reason naming its message
//! key.

/// The shortest password an account takes.
pub const MIN_PASSWORD: usize = 8;

/// What an account may do: administer, organise a club, or referee.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Admin,
    Organiser,
    Referee,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Admin, Role::Organiser, Role::Referee];

    pub fn slug(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Organiser => "organiser",
            Role::Referee => "referee",
        }
    }

    pub fn parse(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.slug() == s.trim())
    }

    /// Whether the role is of one club: an organiser's and a referee's are (they may
    /// do nothing without one), an administrator's is not.
    pub fn needs_club(self) -> bool {
        self != Role::Admin
    }
}

/// Checks that a role comes with a club where it needs one.
pub fn check_club(role: Role, club: Option<i32>) -> Result<(), UserFault> {
    if role.needs_club() && club.is_none() {
        return Err(UserFault::ClubNeeded);
    }
    Ok(())
}

/// Why an account's form (the users page's, or the first run's) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UserFault {
    /// A user name not of 2 to 40 letters, digits, dots, dashes or underscores.
    Name,
    /// A password shorter than [`MIN_PASSWORD`].
    PasswordShort,
    /// A role that is none of the roles.
    Role,
    /// A club that is not a number, or no club's.
    Club,
    /// An organiser or a referee without a club.
    ClubNeeded,
    /// The user name is taken.
    Taken,
    /// An administrator changing their own account.
    NotYourself,
    /// The first run's password and its confirmation differ.
    PasswordMismatch,
}

impl UserFault {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            UserFault::Name => "users-bad-name",
            UserFault::PasswordShort => "account-password-short",
            UserFault::Role => "users-bad-role",
            UserFault::Club => "users-bad-club",
            UserFault::ClubNeeded => "users-club-needed",
            UserFault::Taken => "users-taken",
            UserFault::NotYourself => "users-not-yourself",
            UserFault::PasswordMismatch => "first-run-password-mismatch",
        }
    }
}

/// Checks a new user's fields; returns (username, role) or why they are refused.
pub fn validate_new_user(
    username: &str,
    password: &str,
    role: &str,
) -> Result<(String, Role), UserFault> {
    let username = username.trim();
    let valid_name = (2..=40).contains(&username.chars().count())
        && username
            .chars()
            .all(|c| c.is_alphanumeric() || "._-".contains(c));
    if !valid_name {
        return Err(UserFault::Name);
    }
    if password.chars().count() < MIN_PASSWORD {
        return Err(UserFault::PasswordShort);
    }
    let role = Role::parse(role).ok_or(UserFault::Role)?;
    Ok((username.to_owned(), role))
}
